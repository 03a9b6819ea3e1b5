/** GET and PATCH /me/preferences: what the signed-in member wants to be told of a new inbound message. */
export interface MemberPreferences {
  /** A short sound in the app. */
  sound: boolean;
  /** A browser notification (the browser asks the member for permission first). */
  desktopNotifications: boolean;
}

/** A member who never changed them: sound on, notifications off until the member turns them on. */
export const DEFAULT_MEMBER_PREFERENCES: MemberPreferences = { sound: true, desktopNotifications: false };

/** PATCH /me/preferences: only the switches sent change. */
export type MemberPreferencesChange = Partial<MemberPreferences>;
