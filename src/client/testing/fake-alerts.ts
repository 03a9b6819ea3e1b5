import type { AlertServices, NotificationAccess } from '@client/api/alert-services';

/** The alert services as spies: what a test hears and sees, with the tab in view and the browser's answer as given. */
export interface FakeAlerts extends AlertServices {
  playSound: jest.Mock<void, []>;
  showNotification: jest.Mock<void, Parameters<AlertServices['showNotification']>>;
  requestNotificationAccess: jest.Mock<Promise<NotificationAccess>, []>;
}

export function fakeAlerts({ access = 'default', answer = 'granted', visible = true }: {
  /** The permission the browser holds now. */
  access?: NotificationAccess;
  /** What the browser answers when asked. */
  answer?: NotificationAccess;
  visible?: boolean;
} = {}): FakeAlerts {
  let current = access;
  return {
    playSound: jest.fn(),
    showNotification: jest.fn(),
    notificationAccess: () => current,
    requestNotificationAccess: jest.fn(async () => {
      current = answer;
      return answer;
    }),
    isTabVisible: () => visible,
    onVisibilityChange: () => () => undefined,
  };
}
