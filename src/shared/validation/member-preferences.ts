import { boolean, object } from 'yup';

/** A switch is true or false: "yes" or 1 are refused rather than guessed at. */
const preferenceSwitch = (name: string) => {
  const message = `${name} must be true or false`;
  return boolean().strict().typeError(message).nonNullable(message);
};

export const NO_PREFERENCE_SENT = 'Send sound or desktopNotifications (true or false)';

/** PATCH /me/preferences: the Profile tab's switches, one or both; unknown fields are dropped. */
export const memberPreferencesChangeSchema = object({
  sound: preferenceSwitch('sound'),
  desktopNotifications: preferenceSwitch('desktopNotifications'),
}).test('one-switch', NO_PREFERENCE_SENT, (value) => value.sound !== undefined || value.desktopNotifications !== undefined);

/** The answer of both routes: the two switches, nothing else. */
export const memberPreferencesResponseSchema = object({
  sound: boolean().required(),
  desktopNotifications: boolean().required(),
});
