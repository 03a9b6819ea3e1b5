/** @jest-environment node */
import { appWithAdminForFile, signIn } from '../testing/test-app';
import { RESET_PASSWORD_USAGE, resetPasswordCommand } from './reset-password-command';

const file = appWithAdminForFile();

test('prints a one-time link that sets a new password for the account, and signs it out everywhere', async () => {
  const { exitCode, output } = await resetPasswordCommand([file.admin.email.toUpperCase()], file.t.database.db, file.t.app.config);
  expect(exitCode).toBe(0);
  const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(output)?.[1];
  expect(output).toContain(`http://localhost:3000/reset-password/${token}`);

  const confirm = () =>
    file.t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password: 'Rescued1Admin' } });
  expect((await confirm()).statusCode).toBe(200);
  expect((await file.admin.request({ method: 'GET', url: '/api/auth/verify' })).statusCode).toBe(401);
  await expect(signIn(file.t.app, file.admin.email, 'Rescued1Admin')).resolves.toBeDefined();
  expect((await confirm()).statusCode).toBe(400);
});

test('an address without an account, or no address, prints what is wrong and fails', async () => {
  await expect(resetPasswordCommand(['nobody@example.com'], file.t.database.db, file.t.app.config)).resolves.toEqual({
    exitCode: 1,
    output: 'No account uses this email address',
  });
  await expect(resetPasswordCommand([], file.t.database.db, file.t.app.config)).resolves.toEqual({ exitCode: 2, output: RESET_PASSWORD_USAGE });
});
