/*
 * The public moderation log (an addition to the contract: README, API notes): its actions and its
 * texts. A module of its own, imported as `@commons/shared/modlog` and never through the package's
 * index: what the entry imports statically goes in the first load's file, and only lazy pages and
 * the server use these.
 */

/** A removal's written reason, at most; and the entries of a page. */
export const modLogLimits = { reasonMax: 500, pageSize: 25 } as const;

/** The error codes of the log's routes and of removal reasons. */
export const modLogErrorCodes = {
  reasonTooLong: 'reason-too-long',
  invalidReasonRule: 'invalid-reason-rule',
  invalidModLogAction: 'invalid-modlog-action',
} as const;

/**
 * The actions of the log; `GET /api/modlog?action=` and `GET /api/communities/{name}/modlog?action=`
 * take one.
 */
export const MOD_LOG_ACTIONS = [
  'remove_post',
  'remove_comment',
  'lock_post',
  'unlock_post',
  'lock_comment',
  'unlock_comment',
  'pin_post',
  'unpin_post',
  'pin_post_site',
  'unpin_post_site',
  'ban_user',
  'unban_user',
  'site_ban_user',
  'site_unban_user',
  'add_moderator',
  'remove_moderator',
  'add_rule',
  'edit_rule',
  'reorder_rule',
  'remove_rule',
  'edit_settings',
] as const;
export type ModLogAction = (typeof MOD_LOG_ACTIONS)[number];

export function isModLogAction(value: string): value is ModLogAction {
  return (MOD_LOG_ACTIONS as readonly string[]).includes(value);
}

/** The texts of the log pages, the Log tab, the removal dialog and the hide-names setting. */
export const modLogMessages = {
  heading: 'Moderation log',
  communityHeading: (name: string) => `Moderation log of ${name}`,
  tab: 'Log',
  wholeSite: 'The whole site',
  siteIntro: 'Every moderation and admin action on the site, newest first.',
  empty: 'Nothing in the log yet.',
  end: 'No more entries',
  loadMore: 'More',
  allActions: 'All actions',
  actionLabel: 'Action',
  moderatorLabel: 'Moderator',
  moderatorPlaceholder: 'Username',
  filter: 'Filter',
  hiddenModerator: 'a moderator',
  operator: 'the operator',
  asAdmins: 'as an admin',
  reasonPrefix: 'Reason:',
  rulePrefix: (index: number) => `Rule ${index}:`,
  ruleLabel: 'Rule broken',
  noRule: 'No rule',
  reasonLabel: 'Reason (optional)',
  remove: 'Delete',
  reasonTooLong: (max: number) => `A reason can be at most ${max} characters long.`,
  invalidReasonRule: "That rule is not one of the community's rules.",
  invalidAction: 'Unknown moderation log action.',
  hideNames: "Hide moderators' names in the public moderation log",
  removedFor: 'Removed for:',
  actions: {
    remove_post: 'removed the post',
    remove_comment: 'removed a comment',
    lock_post: 'locked the post',
    unlock_post: 'unlocked the post',
    lock_comment: 'locked a comment',
    unlock_comment: 'unlocked a comment',
    pin_post: 'pinned the post',
    unpin_post: 'unpinned the post',
    pin_post_site: 'pinned site-wide the post',
    unpin_post_site: 'unpinned site-wide the post',
    ban_user: 'banned',
    unban_user: 'unbanned',
    site_ban_user: 'banned site-wide',
    site_unban_user: 'lifted the site-wide ban of',
    add_moderator: 'made a moderator:',
    remove_moderator: 'removed the moderator',
    add_rule: 'added the rule',
    edit_rule: 'edited the rule',
    reorder_rule: 'moved the rule',
    remove_rule: 'removed the rule',
    edit_settings: 'changed the settings:',
  },
  actionNames: {
    remove_post: 'Remove post',
    remove_comment: 'Remove comment',
    lock_post: 'Lock post',
    unlock_post: 'Unlock post',
    lock_comment: 'Lock comment',
    unlock_comment: 'Unlock comment',
    pin_post: 'Pin post',
    unpin_post: 'Unpin post',
    pin_post_site: 'Pin post site-wide',
    unpin_post_site: 'Unpin post site-wide',
    ban_user: 'Ban',
    unban_user: 'Unban',
    site_ban_user: 'Site ban',
    site_unban_user: 'Site unban',
    add_moderator: 'Add moderator',
    remove_moderator: 'Remove moderator',
    add_rule: 'Add rule',
    edit_rule: 'Edit rule',
    reorder_rule: 'Reorder rule',
    remove_rule: 'Remove rule',
    edit_settings: 'Settings',
  },
} as const;
