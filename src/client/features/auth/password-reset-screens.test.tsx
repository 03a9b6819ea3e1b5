import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PasswordResetConfirmRequest, PasswordResetRequest } from '@shared/api/account';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderApp } from '@client/testing/test-utils';

const ON_ITS_WAY = 'If an account uses this address, a link to set a new password is on its way. It works once, within one hour.';
const INVALID_LINK = 'This password reset link is invalid or has expired. Ask for a new one.';

describe('forgot password', () => {
  it('is reached from the sign-in screen', async () => {
    const { user, router } = renderApp({ route: '/login' });
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('sends the address and shows the answer, the same whether or not it has an account', async () => {
    const sent: PasswordResetRequest[] = [];
    server.use(
      http.post(apiUrl('/auth/password-reset'), async ({ request }) => {
        sent.push((await request.json()) as PasswordResetRequest);
        return HttpResponse.json({ message: ON_ITS_WAY });
      }),
    );
    const { user } = renderApp({ route: '/forgot-password' });
    await user.type(await screen.findByLabelText('Email'), 'amira@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(ON_ITS_WAY);
    expect(sent).toEqual([{ email: 'amira@example.com' }]);
  });

  it('checks the address before sending anything', async () => {
    const { user } = renderApp({ route: '/forgot-password' });
    const field = await screen.findByLabelText('Email');
    await user.type(field, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Please enter a valid email address'));
  });

  it('says so when requests are throttled', async () => {
    server.use(
      http.post(apiUrl('/auth/password-reset'), () =>
        HttpResponse.json({ error: 'Too many password reset requests. Please try again later.', code: 'RATE_LIMITED' }, { status: 429, headers: { 'retry-after': '3600' } })),
    );
    const { user } = renderApp({ route: '/forgot-password' });
    await user.type(await screen.findByLabelText('Email'), 'amira@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many password reset requests. Please try again later.');
  });
});

describe('reset link', () => {
  it('sets the new password with the token from the link, then opens sign-in', async () => {
    const sent: PasswordResetConfirmRequest[] = [];
    server.use(
      http.post(apiUrl('/auth/password-reset/confirm'), async ({ request }) => {
        sent.push((await request.json()) as PasswordResetConfirmRequest);
        return HttpResponse.json({ message: 'Your password has been changed. Sign in with your new password.' });
      }),
    );
    const { user, router } = renderApp({ route: '/reset-password/tok_123-abc' });
    await user.type(await screen.findByLabelText('New Password'), 'Fresh1Start');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sent).toEqual([{ token: 'tok_123-abc', password: 'Fresh1Start' }]);
    expect(await screen.findByText('Your password has been changed. Sign in with your new password.')).toBeInTheDocument();
  });

  it("holds a password the rules refuse, with the rule's message", async () => {
    const { user } = renderApp({ route: '/reset-password/tok' });
    const field = await screen.findByLabelText('New Password');
    await user.type(field, 'lowercase1');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Password must contain at least one uppercase letter'));
  });

  it('a used or expired link says so and offers a new one', async () => {
    server.use(http.post(apiUrl('/auth/password-reset/confirm'), () => HttpResponse.json({ error: INVALID_LINK }, { status: 400 })));
    const { user } = renderApp({ route: '/reset-password/used' });
    await user.type(await screen.findByLabelText('New Password'), 'Fresh1Start');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText(INVALID_LINK)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});
