import type { modLogErrorCodes } from './modlog.js';

/**
 * The error body of every non-2xx API response (API.md §4.1). `code` is omitted when empty.
 */
export interface ErrorBody {
  status: number;
  code?: string;
  message: string;
}

/**
 * Every error `code` of the contract (API.md §4.2), spelled exactly as on the wire, plus the few the
 * product adds. Where two codes differ only in their separator, the key says which one is meant.
 */
export const errorCodes = {
  // 400
  invalidJson: 'invalid_json',
  invalidId: 'invalid_id',
  invalidAction: 'invalid_action',
  invalidLimit: 'invalid_limit',
  invalidLimitHyphenated: 'invalid-limit',
  invalidPage: 'invalid_page',
  invalidFilter: 'invalid_filter',
  invalidUserFeedFilter: 'invalid-filter',
  invalidCursor: 'invalid_cursor',
  invalidSort: 'invalid-sort',
  invalidSet: 'invalid-set',
  invalidFeedType: 'invalid-feed-type',
  invalidSearchType: 'invalid-search-type',
  invalidSearchWindow: 'invalid-search-window',
  communityIsEmpty: 'community-is-empty',
  invalidGroup: 'user/invalid-group',
  postTypeUnsupported: 'post-type/unsupported',
  invalidPostType: 'invalid_post_type',
  titleTooShort: 'post/title-too-short',
  invalidUrl: 'invalid-url',
  invalidImageId: 'invalid_image_id',
  noImages: 'no-images',
  tooManyImages: 'too-many-images',
  fileSizeExceeded: 'file_size_exceeded',
  noImage: 'no-image',
  unsupportedImageFormat: 'unsupported-image-format',
  unsupportedImage: 'unsupported_image',
  commentBodyEmpty: 'comment-body-empty',
  commentReplyToDeleted: 'comment-reply-to-deleted',
  commentMaxDepthReached: 'comment-max-depth-reached',
  alreadyVoted: 'already-voted',
  invalidUsername: 'invalid-username',
  invalidPassword: 'invalid-password',
  invalidEmail: 'invalid-email',
  invalidHomeFeed: 'invalid-home-feed',
  passwordNotMatch: 'password_not_match',
  alreadyLoggedIn: 'already_logged_in',
  invalidCommunityName: 'invalid-community-name',
  invalidRule: 'invalid-rule',
  emptyUsername: 'empty_username',
  noUsername: 'no_username',
  invalidExpires: 'invalid_expires',
  invalidReportType: 'invalid_report_type',
  invalidReportReason: 'invalid_report_reason',
  invalidReportId: 'invalid_report_id',
  invalidRenderFormat: 'invalid-render-format',
  invalidMuteType: 'invalid_mute_type',
  invalidMuteId: 'invalid-mute-id',
  // Muted words: an addition to the contract (README, API notes).
  mutedWordEmpty: 'muted-word-empty',
  mutedWordTooLong: 'muted-word-too-long',
  invalidMutedWordId: 'invalid-muted-word-id',
  invalidPostId: 'invalid-post-id',
  badBadgeId: 'bad_badge_id',
  listNameEmpty: 'list-name-empty',
  invalidListName: 'invalid-list-name',
  invalidListId: 'invalid-list-id',
  invalidItemId: 'invalid-item-id',
  invalidListsSort: 'invalid-lists-sort',
  invalidListsFilter: 'invalid-lists-filter',
  invalidListSort: 'invalid-list-sort',
  invalidTargetId: 'invalid-target-id',
  invalidContentType: 'invalid-content-type',
  alreadyDenied: 'already_denied',
  badIp: 'bad-ip',
  invalidExpiresIn: 'invalid-expires-in',
  blockDuplicate: 'block-duplicate',
  invalidBlockId: 'invalid-block-id',
  invalidNextValue: 'invalid-next-value',
  badEvent: 'bad_event',
  // 401
  notLoggedIn: 'not_logged_in',
  wrongPassword: 'wrong-password',
  userBanned: 'user_banned',
  // 403
  notAdmin: 'not_admin',
  notMod: 'not_mod',
  notAdminNorMod: 'not_admin_nor_mod',
  notModNotAdmin: 'not-mod-not-admin',
  lowerMod: 'lower-mod',
  notAuthor: 'not_author',
  notOwner: 'not_owner',
  accountSuspended: 'account_suspended',
  signupsDisabled: 'signups-disabled',
  captchaVerifyFail1: 'captcha_verify_fail_1',
  captchaVerifyFail2: 'captcha_verify_fail_2',
  /** Account deletion's password check: an underscore, unlike login's `wrong-password`. */
  wrongPasswordUnderscored: 'wrong_password',
  userDeleted: 'user-deleted',
  bannedFromCommunity: 'banned_from_community',
  postingRestricted: 'posting-restricted',
  postLocked: 'post-locked',
  commentLocked: 'comment_locked',
  commentDeleted: 'comment_deleted',
  modCannotDeleteContent: 'mod-cannot-delete-content',
  cannotPinDeletedPost: 'cannot-pin-deleted-post',
  limitReached: 'limit-reached',
  noImagePosts: 'no_image_posts',
  notEnoughPoints: 'not_enough_points',
  maxLimitReached: 'max_limit_reached',
  permissionDenied: 'permission_denied',
  notYourList: 'not-your-list',
  notListOwner: 'not-list-owner',
  noBanAdmin: 'no_ban_admin',
  previouslyDeclined: 'previously-declined',
  // 404
  userNotFound: 'user_not_found',
  communityNotFound: 'community/not-found',
  postNotFound: 'post/not-found',
  commentNotFound: 'comment_not_found',
  /** An unknown report id (a code of our own: the contract names none, and client mistakes carry one, API.md §4.1). */
  reportNotFound: 'report_not_found',
  imageNotFound: 'image-not-found',
  rulesNotFound: 'rules-not-found',
  ruleNotFound: 'rule_not_found',
  notifNotFound: 'notif_not_found',
  listNotFound: 'list-not-found',
  listItemNotFound: 'list-item-not-found',
  badgeTypeNotFound: 'badge_type_not_found',
  blockNotFound: 'block-not-found',
  // 409
  userExists: 'user_exists',
  communityExists: 'community-exists',
  alreadyReported: 'already-reported',
  alreadyDeleted: 'already-deleted',
  conflict: 'conflict',
  duplicate: 'duplicate',
  duplicateList: 'duplicate-list',
  communityAlreadyExists: 'community-already-exists',
  communityAlreadyRequested: 'community-already-requested',
  blockNotInEffect: 'block-not-in-effect',
  // 500
  errorLogginOutUser: 'error_loggin_out_user',
  // The product's own, beyond API.md §4.2.
  /** A path or query carrying a NUL character (400). */
  invalidRequest: 'invalid_request',
  /** Signup without a captcha token (400, API.md §6.4). */
  captchaEmpty: 'captcha_empty',
  /** Reporting one's own post or comment (403). */
  ownContent: 'own_content',
  /** `GET /api/_captcha` while captchas are off (404). */
  captchaOff: 'captcha_off',
  /** `GET /api/search` on a site that keeps the external web search (404). */
  searchOff: 'search_off',
  /** A JSON body over the size limit (413). */
  bodyTooLarge: 'body_too_large',
} as const;

/** Every code: the contract's, and the moderation log's (kept in `@commons/shared/modlog`). */
export type ErrorCode =
  (typeof errorCodes)[keyof typeof errorCodes] | (typeof modLogErrorCodes)[keyof typeof modLogErrorCodes];
