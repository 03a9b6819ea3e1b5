import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { EmailChangeConfirmRequest } from '@shared/api/account';
import { EMAIL_CHANGE_LINK_INVALID } from '@shared/validation/account-changes';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderApp } from '@client/testing/test-utils';

const CHANGED = 'Your email address is now amira.new@example.com. Sign in with it from now on.';

describe('email confirmation link', () => {
  it('confirms only when the button is pressed, with the token from the link, and says what the address now is', async () => {
    const sent: EmailChangeConfirmRequest[] = [];
    server.use(
      http.post(apiUrl('/auth/email-change/confirm'), async ({ request }) => {
        sent.push((await request.json()) as EmailChangeConfirmRequest);
        return HttpResponse.json({ message: CHANGED });
      }),
    );
    const { user } = renderApp({ route: '/confirm-email/tok_123-abc' });
    const button = await screen.findByRole('button', { name: 'Confirm Email Address' });
    expect(screen.getByRole('heading', { name: 'Confirm Your New Email Address' })).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(CHANGED);
    expect(sent).toEqual([{ token: 'tok_123-abc' }]);
    expect(screen.queryByRole('button', { name: 'Confirm Email Address' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to Parley' })).toHaveAttribute('href', '/');
  });

  it('a used or expired link says so, and a taken address says why', async () => {
    const answers = [
      HttpResponse.json({ error: EMAIL_CHANGE_LINK_INVALID }, { status: 400 }),
      HttpResponse.json({ error: 'Another Parley account already uses this email address. Nothing was changed.' }, { status: 409 }),
    ];
    server.use(http.post(apiUrl('/auth/email-change/confirm'), () => answers.shift()));
    const { user } = renderApp({ route: '/confirm-email/used' });
    await user.click(await screen.findByRole('button', { name: 'Confirm Email Address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_CHANGE_LINK_INVALID);
    await user.click(screen.getByRole('button', { name: 'Confirm Email Address' }));
    expect(await screen.findByText('Another Parley account already uses this email address. Nothing was changed.')).toBeInTheDocument();
  });
});
