// Imported as @commons/shared/texts/settings, never through the package's index: a module the first load
// reaches goes whole into it (docs/decisions.md §47).

/** The settings page. */
export const settingsMessages = {
  emailInvalid: 'Please enter a valid email',
  passwordTooShort: 'Password too short.',
  passwordsDoNotMatch: 'Passwords do not match.',
  incorrectPassword: 'Incorrect previous password',
  passwordChanged: 'Password changed succesfully.',
  invalidPassword: 'Invalid password',
  accountDeleted: 'Your account is successfully deleted!',
  saved: 'Settings saved.',
} as const;

/** Muted words: an addition to the specification, worded like its other settings texts. */
export const mutedWordsMessages = {
  heading: 'Muted words',
  explanation: 'Posts whose title or body contains one of these words or phrases leave your feeds.',
  placeholder: 'Add a word or phrase',
  add: 'Add',
  remove: 'Remove',
  none: 'You have not muted any words.',
  unmuteAll: 'Unmute all',
  unmuteAllConfirm: 'Unmute every word?',
  empty: 'Word cannot be empty.',
  tooLong: (max: number) => `A muted word can be at most ${max} characters long.`,
  limit: (max: number) => `You can mute at most ${max} words.`,
  muted: (word: string) => `Muted "${word}"`,
  unmuted: (word: string) => `Unmuted "${word}"`,
  unmutedAll: 'Unmuted all words',
} as const;
