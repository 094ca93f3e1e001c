import { ui } from '@commons/shared';

/** When a prompt was last shown or asked (a stored ms timestamp), null when never or unreadable. */
function storedTime(value: string | null): number | null {
  if (value === null) return null;
  const time = Number(value);
  return Number.isFinite(time) ? time : null;
}

/** 'Update available!' is not shown again within 20 minutes (secondary §4). */
export function updatePromptDue(lastShown: string | null, now: number): boolean {
  const last = storedTime(lastShown);
  return last === null || now - last > ui.updatePromptRepeatMs;
}

/** 'Turn on notifications' is asked again only when the last ask is more than 30 days old. */
export function notificationAskDue(lastAsked: string | null, now: number): boolean {
  const last = storedTime(lastAsked);
  return last === null || now - last > ui.notificationsReaskMs;
}

/** Running as the installed app (Android, desktop Chromium; iOS says so its own way). */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

/** Safari on iPhone or iPad: no install prompt there, the app shows the Add to Home Screen steps. */
export function isIosSafari(): boolean {
  const ua = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(ua);
}
