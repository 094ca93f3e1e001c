/*
 * The installable app's prompts (secondary §4, §9). A module of its own, imported as
 * `@commons/shared/pwa-messages` and never through the package's index: the app's PWA code loads after
 * the first paint (main.tsx), and what the entry imports statically would put these texts in the
 * first load's file (docs/performance.md).
 */

export const pwaMessages = {
  updateBody: 'A new version of the site is ready. Reload to start using it.',
  updateNow: 'Reload',
  later: 'Later',
  notificationsBody: 'Get notified on this device when someone replies to you or comments on your posts.',
  notificationsAccept: 'Turn on',
  notificationsDecline: 'Not now',
  installTitle: (siteName: string) => `Install ${siteName}`,
  installBody: 'Add it to your home screen: full screen, works offline.',
  install: 'Install',
  installDismiss: 'Dismiss',
  iosStepsTitle: 'Install on iPhone or iPad',
  iosStepShare: "Tap the Share button in Safari's toolbar.",
  iosStepAdd: 'Scroll down and tap Add to Home Screen.',
  iosStepConfirm: 'Tap Add. The app appears on your home screen.',
  done: 'Done',
} as const;
