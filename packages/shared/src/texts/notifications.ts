// Imported as @commons/shared/texts/notifications, never through the package's index: a module the first load
// reaches goes whole into it (docs/decisions.md §47).

/** The notifications panel, and the push and update prompts. */
export const notificationMessages = {
  allSeen: 'All notifications are marked as seen.',
  allUpvotesSeen: 'All upvote notifications are marked as seen.',
  allDeleted: 'All notifications are deleted.',
  pushUnsupported: "It looks like your browser doesn't support push notifications.",
  turnOn: 'Turn on notifications',
  updateAvailable: 'Update available!',
  end: 'No more notifications',
  markAsSeen: 'Mark as seen',
  markAsUnseen: 'Mark as unseen',
} as const;
