import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { LoginRequest, SignupRequest } from '@shared/api/auth';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderApp } from '@client/testing/test-utils';

/** Replaces a field's content and leaves it, as a user does before reading the error under it. */
async function enter(user: UserEvent, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  if (value) {
    await user.click(field);
    await user.paste(value);
  }
  await user.tab();
}

async function expectFieldError(user: UserEvent, label: string, value: string, message: string) {
  await enter(user, label, value);
  const field = screen.getByLabelText(label);
  await waitFor(() => expect(field).toHaveAccessibleDescription(message));
  expect(field).toHaveAttribute('aria-invalid', 'true');
}

function dashboardAnswers() {
  server.use(http.get(apiUrl('/analytics'), () => HttpResponse.json({ cards: [] })));
}

async function openLogin(route = '/login') {
  const rendered = renderApp({ route });
  await screen.findByRole('button', { name: /^(Sign In|Create Account|Join Organization)$/ });
  return rendered;
}

describe('login screen: sign in', () => {
  it('asks for the email and the password', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Organization Name')).not.toBeInTheDocument();
  });

  it.each([
    ['amira@', 'Please enter a valid email address'],
    [`${'a'.repeat(250)}@example.com`, 'Email is too long'],
    ['', 'Email is required'],
  ])('rejects the email %j with "%s"', async (value, message) => {
    const { user } = await openLogin();
    await expectFieldError(user, 'Email', value, message);
  });

  it('signs in, says so and opens the dashboard', async () => {
    let sent: LoginRequest | undefined;
    server.use(
      http.post(apiUrl('/auth/login'), async ({ request }) => {
        sent = (await request.json()) as LoginRequest;
        return HttpResponse.json({ user: sessionUser({ name: 'Amira Haddad' }) });
      }),
    );
    dashboardAnswers();
    const { user, router } = await openLogin();
    await enter(user, 'Email', 'amira@example.com');
    // Sign-in checks only that a password is there: old passwords may predate today's rules.
    await enter(user, 'Password', 'short');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back, Amira Haddad!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(sent).toEqual({ email: 'amira@example.com', password: 'short' });
    const toast = await screen.findByText('Logged in successfully');
    expect(within(toast.closest('[role="alert"]') as HTMLElement).getByText('Success')).toBeInTheDocument();
  });

  it("shows the server's message when sign-in fails", async () => {
    server.use(http.post(apiUrl('/auth/login'), () => HttpResponse.json({ error: 'Invalid email or password' }, { status: 401 })));
    const { user, router } = await openLogin();
    await enter(user, 'Email', 'amira@example.com');
    await enter(user, 'Password', 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const toast = await screen.findByText('Invalid email or password');
    expect(within(toast.closest('[role="alert"]') as HTMLElement).getByText('Login Failed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByLabelText('Email')).toHaveValue('amira@example.com');
  });

  it('falls back to "Invalid credentials" when the server cannot be reached', async () => {
    server.use(http.post(apiUrl('/auth/login'), () => HttpResponse.error()));
    const { user } = await openLogin();
    await enter(user, 'Email', 'amira@example.com');
    await enter(user, 'Password', 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const toast = await screen.findByText('Invalid credentials');
    expect(within(toast.closest('[role="alert"]') as HTMLElement).getByText('Login Failed')).toBeInTheDocument();
  });

  it('toggles to sign-up and back, keeping the mode in the URL', async () => {
    const { user, router } = await openLogin();
    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    expect(await screen.findByRole('heading', { name: 'Create Account & Organization' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Organization Name')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?signup=true');

    await user.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});

describe('login screen: create account & organization', () => {
  it.each([
    ['Name', '', 'Name is required'],
    ['Name', 'A', 'Name must be at least 2 characters'],
    ['Name', 'A'.repeat(51), 'Name must be less than 50 characters'],
    ['Name', 'R2 D2', 'Name can only contain letters and spaces'],
    ['Email', '', 'Email is required'],
    ['Email', 'amira.example.com', 'Please enter a valid email address'],
    ['Email', `${'a'.repeat(250)}@example.com`, 'Email is too long'],
    ['Password', '', 'Password is required'],
    ['Password', 'Ab1', 'Password must be at least 8 characters'],
    ['Password', `Aa1${'a'.repeat(126)}`, 'Password is too long'],
    ['Password', 'ABCDEFG1', 'Password must contain at least one lowercase letter'],
    ['Password', 'abcdefg1', 'Password must contain at least one uppercase letter'],
    ['Password', 'Abcdefgh', 'Password must contain at least one number'],
    ['Organization Name', '', 'Organization name is required'],
    ['Organization Name', 'A', 'Organization name must be at least 2 characters'],
    ['Organization Name', 'A'.repeat(101), 'Organization name must be less than 100 characters'],
  ])('%s %j: "%s"', async (label, value, message) => {
    const { user } = await openLogin('/login?signup=true');
    await expectFieldError(user, label, value, message);
  });

  it('accepts a valid value without a message', async () => {
    const { user } = await openLogin('/login?signup=true');
    await enter(user, 'Name', 'Amira Haddad');
    await enter(user, 'Password', 'Welcome123');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'false');
  });

  it('creates the account and organization, says so and opens the dashboard', async () => {
    let sent: SignupRequest | undefined;
    server.use(
      http.post(apiUrl('/auth/signup'), async ({ request }) => {
        sent = (await request.json()) as SignupRequest;
        return HttpResponse.json({ user: sessionUser({ name: 'Amira Haddad' }), isNewUser: true }, { status: 201 });
      }),
    );
    dashboardAnswers();
    const { user, router } = await openLogin('/login?signup=true');
    await enter(user, 'Name', 'Amira Haddad');
    await enter(user, 'Organization Name', 'Oasis Spices');
    await enter(user, 'Email', 'amira@example.com');
    await enter(user, 'Password', 'Welcome123');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back, Amira Haddad!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    // With the browser's zone, which the new organization starts in.
    expect(sent).toEqual({
      name: 'Amira Haddad', email: 'amira@example.com', password: 'Welcome123', organizationName: 'Oasis Spices',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(await screen.findByText('Account created successfully')).toBeInTheDocument();
  });

  it.each([
    ['the server message', () => HttpResponse.json({ error: 'An account with this email already exists' }, { status: 409 }), 'An account with this email already exists'],
    ['"Unable to create account" without one', () => HttpResponse.error(), 'Unable to create account'],
  ])('reports a failed signup with %s', async (_case, answer, message) => {
    server.use(http.post(apiUrl('/auth/signup'), answer));
    const { user } = await openLogin('/login?signup=true');
    await enter(user, 'Name', 'Amira Haddad');
    await enter(user, 'Organization Name', 'Oasis Spices');
    await enter(user, 'Email', 'amira@example.com');
    await enter(user, 'Password', 'Welcome123');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const toast = await screen.findByText(message);
    expect(within(toast.closest('[role="alert"]') as HTMLElement).getByText('Signup Failed')).toBeInTheDocument();
  });
});

describe('login screen: join organization by invitation', () => {
  const invitation = { email: 'layla@example.com', organizationName: 'Oasis Spices', roleName: 'Agent' };

  it("shows 'Loading invitation...' until the invitation arrives, then the banner and the locked email", async () => {
    let answer: () => void = () => undefined;
    server.use(
      http.get(apiUrl('/auth/invitation/tok-1'), () => new Promise<Response>((resolve) => {
        answer = () => resolve(HttpResponse.json({ invitation }));
      })),
    );
    renderApp({ route: '/login?invite=tok-1' });
    expect(await screen.findByText('Loading invitation...')).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();

    answer();
    const banner = await screen.findByText(/You have been invited to join/);
    expect(banner).toHaveTextContent('You have been invited to join Oasis Spices with the Agent role.');
    expect(screen.getByRole('heading', { name: 'Join Organization' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('layla@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    expect(screen.queryByLabelText('Organization Name')).not.toBeInTheDocument();
  });

  it('joins with the invitation token and no organization name', async () => {
    let sent: SignupRequest | undefined;
    server.use(
      http.get(apiUrl('/auth/invitation/tok-1'), () => HttpResponse.json({ invitation })),
      http.post(apiUrl('/auth/signup'), async ({ request }) => {
        sent = (await request.json()) as SignupRequest;
        return HttpResponse.json({ user: sessionUser({ name: 'Layla Aziz' }), isNewUser: false }, { status: 201 });
      }),
    );
    dashboardAnswers();
    const { user } = renderApp({ route: '/login?invite=tok-1' });
    await screen.findByLabelText('Email');
    await enter(user, 'Name', 'Layla Aziz');
    await enter(user, 'Password', 'Welcome123');
    await user.click(screen.getByRole('button', { name: 'Join Organization' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back, Layla Aziz!' })).toBeInTheDocument();
    expect(sent).toEqual({ name: 'Layla Aziz', email: 'layla@example.com', password: 'Welcome123', inviteToken: 'tok-1' });
    expect(await screen.findByText('Successfully joined organization')).toBeInTheDocument();
  });

  it('only logs an invitation that fails to load, and still offers the form', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get(apiUrl('/auth/invitation/gone'), () => HttpResponse.json({ error: 'Invitation not found' }, { status: 404 })));
    renderApp({ route: '/login?invite=gone' });
    expect(await screen.findByLabelText('Email')).toHaveValue('');
    expect(screen.queryByText(/You have been invited/)).not.toBeInTheDocument();
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to load the invitation', expect.objectContaining({ status: 404 })));
  });
});
