// Imported as @commons/shared/texts/pwa, never through the package's index: a module the first load
// reaches goes whole into it (docs/decisions.md §47).

/** The installable app's prompts (secondary §2, §4). */
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
