/**
 * The key sets of the three User views (API.md §5.3), in emission order. Tests compare
 * `Object.keys(user)` with them, so a missing, extra or moved key fails.
 */
const PREFERENCES = [
  'upvoteNotificationsOff',
  'replyNotificationsOff',
  'homeFeed',
  'rememberFeedSort',
  'embedsOff',
  'hideUserProfilePictures',
  'requireAltText',
];

function view(options: { admin: boolean; personal: boolean; adminDetails?: boolean }): string[] {
  return [
    'id',
    'username',
    'email',
    ...(options.admin ? ['lastSeen', 'lastSeenIP', 'createdIP'] : []),
    'emailConfirmedAt',
    'aboutMe',
    'points',
    'isAdmin',
    'proPic',
    'badges',
    'noPosts',
    'noComments',
    'lastSeenMonth',
    'createdAt',
    'deleted',
    'deletedAt',
    ...(options.personal ? PREFERENCES : []),
    'bannedAt',
    'isBanned',
    ...(options.personal ? ['notificationsNewCount'] : []),
    'moddingList',
    ...(options.adminDetails ? ['userIndex', 'webPushSubscriptionsCount'] : []),
  ];
}

export const PUBLIC_VIEW_KEYS = view({ admin: false, personal: false });
export const SELF_VIEW_KEYS = view({ admin: false, personal: true });
export const ADMIN_VIEW_KEYS = view({ admin: true, personal: true });
export const ADMIN_DETAIL_VIEW_KEYS = view({ admin: true, personal: true, adminDetails: true });

export const ZERO_ID = '000000000000000000000000';
export const ZERO_TIME = '0001-01-01T00:00:00Z';
export const MONTH_YEAR =
  /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/;
