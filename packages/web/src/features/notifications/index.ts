/** The notifications feature's public entry: what other features and pages use of it. */
export { useFromNotification } from './use-from-notification';
export { notificationKeys } from './api/keys';
