import type { ThrottleLimits } from '../../config';
import type { ThrottleRule } from './throttle-service';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Sign-in throttling against password guessing: consecutive failures per e-mail and address get a
 * growing delay; an account takes at most N failures an hour from anywhere; one address at most N a day.
 */
export function loginRules(email: string, ip: string, limits: ThrottleLimits): ThrottleRule[] {
  return [
    { key: consecutiveLoginKey(email, ip), windowMs: 15 * MINUTE, limit: limits.loginFailuresBeforeDelay, block: 'growing' },
    { key: accountLoginKey(email), windowMs: HOUR, limit: limits.loginFailuresPerAccountHour, block: 'until-window-end' },
    { key: `login-ip:${ip}`, windowMs: 24 * HOUR, limit: limits.loginFailuresPerIpDay, block: 'until-window-end' },
  ];
}

/**
 * The sign-in counters the account's owner has just proven themselves past (a password reset from this
 * client address): the account's own, and this address's consecutive failures. Other addresses keep
 * theirs, so whoever was guessing elsewhere gets no fresh start against the new password.
 */
export function loginKeysClearedByReset(email: string, ip: string): string[] {
  return [consecutiveLoginKey(email, ip), accountLoginKey(email)];
}

const consecutiveLoginKey = (email: string, ip: string) => `login:${email}|${ip}`;
const accountLoginKey = (email: string) => `login-account:${email}`;

/** Mass account creation from one address is refused (Chatwoot CVE-2022-3741). */
export function signupRules(ip: string, limits: ThrottleLimits): ThrottleRule[] {
  return [{ key: `signup:${ip}`, windowMs: HOUR, limit: limits.signupsPerIpHour, block: 'until-window-end' }];
}

export const TOO_MANY_LOGINS = 'Too many sign-in attempts. Please wait a moment and try again.';
export const TOO_MANY_SIGNUPS = 'Too many accounts created from your network. Please try again later.';
