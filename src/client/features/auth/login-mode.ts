/** The three modes of the one login form. */
export type LoginMode = 'signin' | 'signup' | 'invite';

export interface LoginRoute {
  mode: LoginMode;
  inviteToken?: string;
}

/** The mode lives in the URL (/login, /login?signup=true, /login?invite=…) so links and reloads keep it. */
export function loginRouteOf(search: URLSearchParams): LoginRoute {
  const inviteToken = search.get('invite')?.trim();
  if (inviteToken) return { mode: 'invite', inviteToken };
  return { mode: search.get('signup') === 'true' ? 'signup' : 'signin' };
}

export interface ModeText {
  heading: string;
  intro: string;
  submit: string;
  toggle: string;
}

export const MODE_TEXT: Record<LoginMode, ModeText> = {
  signin: {
    heading: 'Sign In',
    intro: 'Welcome back. Sign in to your team inbox.',
    submit: 'Sign In',
    toggle: "Don't have an account? Sign up",
  },
  signup: {
    heading: 'Create Account & Organization',
    intro: 'Set up a workspace for your team in under a minute.',
    submit: 'Create Account',
    toggle: 'Already have an account? Sign in',
  },
  invite: {
    heading: 'Join Organization',
    intro: 'Create your account to start working with your team.',
    submit: 'Join Organization',
    toggle: 'Already have an account? Sign in',
  },
};
