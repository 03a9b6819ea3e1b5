import type { ThrottleRule } from '../auth';

const HOUR = 60 * 60_000;

/**
 * Reset requests per address asked about and per client address: nobody can flood an inbox with reset
 * mail, or probe many addresses from one network. Both apply whether or not the address has an account.
 */
export function passwordResetRules(email: string, ip: string): ThrottleRule[] {
  return [
    { key: `password-reset:${email}`, windowMs: HOUR, limit: 5, block: 'until-window-end' },
    { key: `password-reset-ip:${ip}`, windowMs: HOUR, limit: 20, block: 'until-window-end' },
  ];
}

export const TOO_MANY_RESETS = 'Too many password reset requests. Please try again later.';
