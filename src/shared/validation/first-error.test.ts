import { loginSchema, signupSchema } from './account';
import { validate } from './first-error';

test('the first failed field in declaration order wins, with its first rule', () => {
  expect(validate(signupSchema, { name: 'Al', email: '', password: '', organizationName: '' })).toEqual({
    ok: false, message: 'Email is required', path: 'email',
  });
  expect(validate(signupSchema, { name: 'Al', email: 'a@b.co', password: 'short', organizationName: 'Org' })).toEqual({
    ok: false, message: 'Password must be at least 8 characters', path: 'password',
  });
});

test('valid input is cast: trimmed, unknown keys dropped', () => {
  const result = validate(loginSchema, { email: '  a@b.co ', password: 'x', role: 'Admin' });
  expect(result).toEqual({ ok: true, value: { email: 'a@b.co', password: 'x' } });
});

test('with an invitation the organization name is neither required nor kept', () => {
  const result = validate(signupSchema, { name: 'Sara Ali', email: 'sara@x.co', password: 'Passw0rd', inviteToken: 'abc', organizationName: '' });
  expect(result.ok).toBe(true);
  expect(result.ok && result.value.organizationName).toBeUndefined();
});

test('a missing body is a validation failure, not a crash', () => {
  expect(validate(loginSchema, undefined)).toMatchObject({ ok: false, message: 'Email is required' });
  expect(validate(loginSchema, 'not an object')).toEqual({ ok: false, message: 'The request must be a JSON object' });
  expect(validate(loginSchema, [1, 2])).toEqual({ ok: false, message: 'The request must be a JSON object' });
});

test('an object or array where text belongs is refused by name, never thrown', () => {
  expect(validate(loginSchema, { email: { $gt: '' }, password: 'x' })).toEqual({ ok: false, message: 'Email must be text', path: 'email' });
  expect(validate(signupSchema, { name: ['Ada'], email: 'a@b.co', password: 'Passw0rd1', organizationName: 'Org' })).toMatchObject({ ok: false, path: 'name' });
});
