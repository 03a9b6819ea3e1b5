import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { ClientServices } from './client-services';

/** Whether this browser may show Parley's notifications: the Notification API's answer, or 'unsupported'. */
export type NotificationAccess = NotificationPermission | 'unsupported';

export interface DesktopNotification {
  title: string;
  body: string;
  /** One notification per tag: a later one with the same tag replaces it (another tab's too). */
  tag: string;
  /** Clicking it: the tab is focused first. */
  onClick: () => void;
}

/** The browser's ways of drawing the member back: a sound, a notification, and whether the tab is in view. */
export interface AlertServices {
  /** A short beep; silent until the member has clicked or pressed a key in this tab (browsers block autoplay). */
  playSound: () => void;
  notificationAccess: () => NotificationAccess;
  /** Asks the browser for permission: only ever from a click. */
  requestNotificationAccess: () => Promise<NotificationAccess>;
  /** Shown only when the browser granted permission. */
  showNotification: (notification: DesktopNotification) => void;
  isTabVisible: () => boolean;
  /** Calls `listener` whenever the tab is shown or hidden; answers how to stop. */
  onVisibilityChange: (listener: () => void) => () => void;
}

const BEEP_HZ = 880;
const BEEP_SECONDS = 0.25;

/**
 * A WebAudio beep, so no sound file is downloaded. Browsers refuse to start audio before the member
 * interacts with the page, so the audio context is made (and resumed) on the first click or key press and
 * reused after it, also while the tab is hidden; until then a beep is skipped, never queued.
 */
function webAudioBeep(): () => void {
  if (typeof window === 'undefined' || typeof AudioContext === 'undefined') return () => undefined;
  let context: AudioContext | null = null;
  const unlock = () => {
    context ??= new AudioContext();
    void context.resume();
  };
  window.addEventListener('pointerdown', unlock, { capture: true });
  window.addEventListener('keydown', unlock, { capture: true });
  return () => {
    if (context?.state !== 'running') return;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    const start = context.currentTime;
    oscillator.frequency.value = BEEP_HZ;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + BEEP_SECONDS);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + BEEP_SECONDS);
  };
}

const notificationsSupported = () => typeof Notification !== 'undefined';

function showBrowserNotification({ title, body, tag, onClick }: DesktopNotification): void {
  if (!notificationsSupported() || Notification.permission !== 'granted') return;
  try {
    const notification = new Notification(title, { body, tag });
    notification.onclick = () => {
      window.focus();
      onClick();
      notification.close();
    };
  } catch {
    // Some mobile browsers show notifications only through a service worker: the sound still plays.
  }
}

export function browserAlerts(): AlertServices {
  return {
    playSound: webAudioBeep(),
    notificationAccess: () => (notificationsSupported() ? Notification.permission : 'unsupported'),
    requestNotificationAccess: async () => (notificationsSupported() ? Notification.requestPermission() : 'unsupported'),
    showNotification: showBrowserNotification,
    isTabVisible: () => typeof document === 'undefined' || document.visibilityState === 'visible',
    onVisibilityChange: (listener) => {
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
  };
}

/** The store's alert services (a test's fakes, or the browser's): `dispatch(alertServices)`. */
export const alertServices: ThunkAction<AlertServices, unknown, ClientServices, UnknownAction> = (_dispatch, _getState, services) => services.alerts;
