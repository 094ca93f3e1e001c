import {
  errorCodes as codes,
  messages,
  type ErrorCode,
  type ListNameProblem,
  type PasswordProblem,
  type UsernameProblem,
} from '@commons/shared';
import { apiMessages } from '@commons/shared/texts/api';
import { searchApiMessages } from '@commons/shared/search';

import { modLogErrorCodes, modLogLimits, modLogMessages } from '@commons/shared/modlog';

/**
 * The one error type of the server: an HTTP status, the contract's `code` (omitted when absent) and the
 * message. Services throw it, built by one of the factories below; the error handler shapes it as
 * API.md §4.1 says.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

const USERNAME_PROBLEMS: Record<UsernameProblem, string> = {
  empty: apiMessages.usernameEmpty,
  'too-short': apiMessages.usernameTooShort,
  'too-long': apiMessages.usernameTooLong,
  'bad-characters': apiMessages.usernameBadCharacters,
};

const LIST_NAME_PROBLEMS: Record<Exclude<ListNameProblem, 'empty'>, string> = {
  'too-short': apiMessages.listNameTooShort,
  'too-long': apiMessages.listNameTooLong,
  'bad-characters': apiMessages.listNameBadCharacters,
};

/**
 * One factory per error the server answers (API.md §4.2): its status, code and message, so that a
 * throw site names the failure and cannot mismatch the three.
 */
export const errors = {
  // 400
  invalidJson: (detail?: string) =>
    new AppError(
      400,
      codes.invalidJson,
      detail ? `${apiMessages.invalidJson} ${detail}` : apiMessages.invalidJson,
    ),
  /** A path or query parameter of the wrong type (a repeated query key): `invalid_json`, like a body. */
  invalidParameters: (detail: string) =>
    new AppError(400, codes.invalidJson, `${apiMessages.invalidParameters} ${detail}`),
  /** A push subscription whose values are wrong (API.md §12.5): `invalid_json`, like a wrong type. */
  invalidPushSubscription: (detail: string) =>
    new AppError(400, codes.invalidJson, `${apiMessages.invalidJson} ${detail}`),
  deleteContentDaysNegative: () =>
    new AppError(400, codes.invalidJson, apiMessages.deleteContentDaysNegative),
  /** A path or query carrying a NUL character: no text column can hold one. */
  nulInRequest: () => new AppError(400, codes.invalidRequest, apiMessages.nulCharacters),
  /** A Host header that no URL can be made of, where the site's address is taken from it. */
  invalidHost: () => new AppError(400, codes.invalidRequest, apiMessages.invalidHost),
  invalidId: () => new AppError(400, codes.invalidId, apiMessages.invalidId),
  invalidAction: () => new AppError(400, codes.invalidAction, apiMessages.invalidAction),
  /** `POST /api/analytics` with an event other than `pwa_use`. */
  badEvent: () => new AppError(400, codes.badEvent, apiMessages.badEvent),
  /** Feeds: `limit` outside 1..`max`. */
  invalidLimit: (max: number) => new AppError(400, codes.invalidLimit, apiMessages.limitOutOfRange(max)),
  /** Community list: `limit` not an integer. */
  invalidCommunitiesLimit: () => new AppError(400, codes.invalidLimit, apiMessages.invalidLimit),
  invalidPage: () => new AppError(400, codes.invalidPage, apiMessages.invalidPage),
  invalidFilter: () => new AppError(400, codes.invalidFilter, apiMessages.invalidFilter),
  invalidUserFeedFilter: () => new AppError(400, codes.invalidUserFeedFilter, apiMessages.invalidFilter),
  invalidCursor: () => new AppError(400, codes.invalidCursor, apiMessages.invalidCursor),
  invalidRenderFormat: () => new AppError(400, codes.invalidRenderFormat, apiMessages.invalidRenderFormat),
  invalidSort: () => new AppError(400, codes.invalidSort, apiMessages.invalidSort),
  invalidSet: () => new AppError(400, codes.invalidSet, apiMessages.invalidSet),
  invalidFeedType: () => new AppError(400, codes.invalidFeedType, apiMessages.invalidFeedType),
  communityIsEmpty: () => new AppError(400, codes.communityIsEmpty, apiMessages.communityFeedEmpty),
  invalidGroup: () => new AppError(400, codes.invalidGroup, apiMessages.invalidGroup),
  postTypeUnsupported: () => new AppError(400, codes.postTypeUnsupported, apiMessages.postTypeUnsupported),
  titleTooShort: () => new AppError(400, codes.titleTooShort, messages.posts.titleTooShort),
  invalidUrl: () => new AppError(400, codes.invalidUrl, apiMessages.invalidUrl),
  invalidImageId: () => new AppError(400, codes.invalidImageId, apiMessages.invalidImageId),
  noImages: () => new AppError(400, codes.noImages, apiMessages.noImages),
  tooManyImages: (max: number) => new AppError(400, codes.tooManyImages, messages.posts.tooManyImages(max)),
  fileSizeExceeded: () => new AppError(400, codes.fileSizeExceeded, apiMessages.fileSizeExceeded),
  noImage: () => new AppError(400, codes.noImage, apiMessages.noImagePart),
  unsupportedImageFormat: () => new AppError(400, codes.unsupportedImageFormat, apiMessages.unsupportedImage),
  commentBodyEmpty: () => new AppError(400, codes.commentBodyEmpty, apiMessages.commentBodyEmpty),
  commentReplyToDeleted: () =>
    new AppError(400, codes.commentReplyToDeleted, apiMessages.commentReplyToDeleted),
  commentMaxDepthReached: () => new AppError(400, codes.commentMaxDepthReached, apiMessages.commentMaxDepth),
  /** A comment vote lost a race (400; the post vote's is 409). */
  commentAlreadyVoted: () => new AppError(400, codes.alreadyVoted, apiMessages.alreadyVoted),
  invalidUsername: (problem: UsernameProblem) =>
    new AppError(400, codes.invalidUsername, USERNAME_PROBLEMS[problem]),
  invalidPassword: (problem: PasswordProblem) =>
    new AppError(
      400,
      codes.invalidPassword,
      problem === 'empty' ? apiMessages.passwordEmpty : apiMessages.passwordTooShort,
    ),
  invalidEmail: () => new AppError(400, codes.invalidEmail, apiMessages.emailInvalid),
  invalidSettingsEmail: () => new AppError(400, codes.invalidEmail, apiMessages.settingsEmailInvalid),
  invalidHomeFeed: () => new AppError(400, codes.invalidHomeFeed, apiMessages.invalidHomeFeed),
  passwordNotMatch: () => new AppError(400, codes.passwordNotMatch, apiMessages.passwordsDoNotMatch),
  alreadyLoggedIn: () => new AppError(400, codes.alreadyLoggedIn, apiMessages.alreadyLoggedIn),
  captchaEmpty: () => new AppError(400, codes.captchaEmpty, apiMessages.captchaEmpty),
  /** `problem` is the naming rule's own message. */
  invalidCommunityName: (problem: string) => new AppError(400, codes.invalidCommunityName, problem),
  noUsername: () => new AppError(400, codes.noUsername, apiMessages.usernameRequired),
  invalidExpires: () => new AppError(400, codes.invalidExpires, apiMessages.invalidExpiry),
  invalidReportType: () => new AppError(400, codes.invalidReportType, apiMessages.invalidReportType),
  invalidReportReason: () => new AppError(400, codes.invalidReportReason, apiMessages.invalidReportReason),
  invalidMuteType: () => new AppError(400, codes.invalidMuteType, apiMessages.invalidMuteType),
  invalidMuteId: () => new AppError(400, codes.invalidMuteId, apiMessages.invalidMuteId),
  mutedWordEmpty: () => new AppError(400, codes.mutedWordEmpty, apiMessages.mutedWordEmpty),
  mutedWordTooLong: () => new AppError(400, codes.mutedWordTooLong, apiMessages.mutedWordTooLong),
  /** The moderation log (an addition to the contract). */
  reasonTooLong: () =>
    new AppError(400, modLogErrorCodes.reasonTooLong, modLogMessages.reasonTooLong(modLogLimits.reasonMax)),
  invalidReasonRule: () =>
    new AppError(400, modLogErrorCodes.invalidReasonRule, modLogMessages.invalidReasonRule),
  invalidModLogAction: () =>
    new AppError(400, modLogErrorCodes.invalidModLogAction, modLogMessages.invalidAction),
  invalidMutedWordId: () => new AppError(400, codes.invalidMutedWordId, apiMessages.invalidMutedWordId),
  invalidPostId: () => new AppError(400, codes.invalidPostId, apiMessages.invalidId),
  badBadgeId: () => new AppError(400, codes.badBadgeId, apiMessages.invalidBadgeId),
  listNameEmpty: () => new AppError(400, codes.listNameEmpty, messages.lists.nameEmpty),
  invalidListName: (problem: Exclude<ListNameProblem, 'empty'>) =>
    new AppError(400, codes.invalidListName, LIST_NAME_PROBLEMS[problem]),
  invalidListId: () => new AppError(400, codes.invalidListId, apiMessages.invalidListId),
  invalidItemId: () => new AppError(400, codes.invalidItemId, apiMessages.invalidListItemId),
  invalidListsSort: () => new AppError(400, codes.invalidListsSort, apiMessages.invalidSort),
  invalidListsFilter: () => new AppError(400, codes.invalidListsFilter, apiMessages.invalidFilter),
  invalidListSort: () => new AppError(400, codes.invalidListSort, apiMessages.invalidSort),
  invalidTargetId: () => new AppError(400, codes.invalidTargetId, apiMessages.invalidTargetId),
  invalidContentType: () => new AppError(400, codes.invalidContentType, apiMessages.invalidContentType),
  /** List items: `limit` not an integer (hyphenated, unlike the feeds' `invalid_limit`). */
  invalidListItemsLimit: () => new AppError(400, codes.invalidLimitHyphenated, apiMessages.invalidLimit),
  /** An unparsable body on the list-item routes: no code (API.md §14.4). */
  badJsonBody: () => new AppError(400, undefined, apiMessages.badJsonBody),
  deleteContentNotBool: () => new AppError(400, undefined, apiMessages.deleteContentNotBool),
  imageRequestInvalid: () => new AppError(400, undefined, apiMessages.imageRequestInvalid),
  imageSignatureInvalid: () => new AppError(400, undefined, apiMessages.imageSignatureInvalid),
  // Administration (API.md §15, §16.3, §16.4).
  badIp: () => new AppError(400, codes.badIp, apiMessages.invalidIp),
  invalidWildcard: () => new AppError(400, codes.badIp, apiMessages.invalidWildcard),
  ipSubnetTooLarge: () => new AppError(400, codes.badIp, apiMessages.ipSubnetTooLarge),
  invalidExpiresIn: () => new AppError(400, codes.invalidExpiresIn, apiMessages.invalidExpiresIn),
  blockDuplicate: () => new AppError(400, codes.blockDuplicate, apiMessages.blockDuplicate),
  invalidBlockId: () => new AppError(400, codes.invalidBlockId, apiMessages.invalidBlockId),
  invalidNextValue: () => new AppError(400, codes.invalidNextValue, apiMessages.invalidNextValue),
  /** IP blocks and analytics: `limit` not a whole number in range (hyphenated). */
  invalidAdminLimit: () => new AppError(400, codes.invalidLimitHyphenated, apiMessages.invalidLimit),
  invalidRequestId: () => new AppError(400, codes.invalidId, apiMessages.invalidRequestId),
  alreadyDenied: () => new AppError(400, codes.alreadyDenied, apiMessages.alreadyDenied),

  // The moderators' routes (API.md §11.6–§11.8).
  invalidRule: () => new AppError(400, codes.invalidRule, apiMessages.ruleEmpty),
  invalidReportId: () => new AppError(400, codes.invalidReportId, apiMessages.invalidReportId),
  emptyUsername: () => new AppError(400, codes.emptyUsername, apiMessages.usernameRequired),
  /** A community picture or banner that is not a decodable image (API.md §11.10). */
  unsupportedCommunityImage: () => new AppError(400, codes.unsupportedImage, apiMessages.unsupportedImage),

  // 401
  notLoggedIn: () => new AppError(401, codes.notLoggedIn, apiMessages.notLoggedIn),
  /** A missing or wrong CSRF token: no code (API.md §3.2). */
  unauthorized: () => new AppError(401, undefined, apiMessages.unauthorized),
  wrongPassword: () => new AppError(401, codes.wrongPassword, apiMessages.wrongPassword),
  wrongCurrentPassword: () => new AppError(401, codes.wrongPassword, apiMessages.wrongCurrentPassword),
  /** An anonymous viewer asking for a banned user's feed. */
  userBannedAnonymous: () => new AppError(401, codes.userBanned, apiMessages.userBanned),

  // 403
  notAdmin: () => new AppError(403, codes.notAdmin, apiMessages.notAdmin),
  notMod: () => new AppError(403, codes.notMod, apiMessages.notMod),
  notAdminNorMod: () => new AppError(403, codes.notAdminNorMod, apiMessages.notAdminNorMod),
  modsCannotBeBanned: () => new AppError(403, codes.notAdminNorMod, apiMessages.modsCannotBeBanned),
  notModNotAdmin: () => new AppError(403, codes.notModNotAdmin, apiMessages.notAdminNorMod),
  notAuthor: () => new AppError(403, codes.notAuthor, apiMessages.notAuthor),
  notOwnPicture: () => new AppError(403, codes.notOwner, apiMessages.notOwnPicture),
  notOwnNotification: () => new AppError(403, codes.notOwner, apiMessages.notOwnNotification),
  accountSuspended: () => new AppError(403, codes.accountSuspended, apiMessages.accountSuspended),
  signupsDisabled: () => new AppError(403, codes.signupsDisabled, apiMessages.signupsDisabled),
  captchaFailed: () => new AppError(403, codes.captchaVerifyFail1, apiMessages.captchaFailed),
  captchaRejected: () => new AppError(403, codes.captchaVerifyFail2, apiMessages.captchaRejected),
  deleteAccountWrongPassword: () =>
    new AppError(403, codes.wrongPasswordUnderscored, apiMessages.deleteAccountWrongPassword),
  bannedAccountNotDeletable: () => new AppError(403, codes.userBanned, apiMessages.bannedAccountNotDeletable),
  userDeleted: () => new AppError(403, codes.userDeleted, apiMessages.userDeleted),
  bannedFromCommunity: () => new AppError(403, codes.bannedFromCommunity, messages.posts.bannedFromCommunity),
  bannedFromCommenting: () =>
    new AppError(403, codes.bannedFromCommunity, apiMessages.commentBannedFromCommunity),
  postingRestricted: () => new AppError(403, codes.postingRestricted, messages.posts.postingRestricted),
  postLocked: () => new AppError(403, codes.postLocked, apiMessages.postLocked),
  commentLocked: () => new AppError(403, codes.commentLocked, apiMessages.commentLocked),
  commentDeleted: () => new AppError(403, codes.commentDeleted, apiMessages.commentDeleted),
  modCannotDeleteContent: () =>
    new AppError(403, codes.modCannotDeleteContent, apiMessages.modCannotDeleteContent),
  cannotPinDeletedPost: () => new AppError(403, codes.cannotPinDeletedPost, apiMessages.cannotPinDeleted),
  pinLimitReached: () => new AppError(403, codes.limitReached, apiMessages.pinLimitReached),
  mutedWordsLimit: () => new AppError(403, codes.limitReached, apiMessages.mutedWordsLimit),
  noImagePosts: () => new AppError(403, codes.noImagePosts, apiMessages.imagePostsDisabled),
  notEnoughPointsForImages: () =>
    new AppError(403, codes.notEnoughPoints, messages.posts.notEnoughPointsImage),
  notEnoughPointsForLinks: () => new AppError(403, codes.notEnoughPoints, messages.posts.notEnoughPointsLink),
  notEnoughPointsForCommunity: (points: number) =>
    new AppError(403, codes.notEnoughPoints, apiMessages.communityNotEnoughPoints(points)),
  maxLimitReached: () => new AppError(403, codes.maxLimitReached, messages.communities.maxLimitReached),
  permissionDenied: () => new AppError(403, codes.permissionDenied, apiMessages.permissionDenied),
  noBanAdmin: () => new AppError(403, codes.noBanAdmin, apiMessages.adminCannotBeBanned),
  notYourList: () => new AppError(403, codes.notYourList, apiMessages.notYourList),
  notListOwner: () => new AppError(403, codes.notListOwner, apiMessages.notListOwner),
  previouslyDeclined: () => new AppError(403, codes.previouslyDeclined, apiMessages.previouslyDeclined),
  ownContent: (type: string) => new AppError(403, codes.ownContent, apiMessages.reportOwnContent(type)),

  lowerMod: () => new AppError(403, codes.lowerMod, apiMessages.lowerMod),

  // 404
  /** A rule id that is not an integer (`rule_not_found`) or names no rule (`rules-not-found`). */
  ruleIdNotInteger: () => new AppError(404, codes.ruleNotFound, apiMessages.invalidRuleId),
  ruleNotFound: () => new AppError(404, codes.rulesNotFound, apiMessages.ruleNotFound),
  /** An unknown report: the contract names no code for it. */
  reportNotFound: () => new AppError(404, codes.reportNotFound, apiMessages.reportNotFound),
  /** Adding an unknown user as moderator (client: 'User not found'). */
  modUserNotFound: () => new AppError(404, codes.userNotFound, apiMessages.modUserNotFound),
  /** With a username: the message names it (`GET /api/users/{username}`). */
  userNotFound: (username?: string) =>
    new AppError(
      404,
      codes.userNotFound,
      username === undefined ? apiMessages.userNotFound : apiMessages.noUserNamed(username),
    ),
  communityNotFound: () => new AppError(404, codes.communityNotFound, apiMessages.communityNotFound),
  notifNotFound: () => new AppError(404, codes.notifNotFound, apiMessages.notifNotFound),
  postNotFound: () => new AppError(404, codes.postNotFound, apiMessages.postNotFound),
  commentNotFound: () => new AppError(404, codes.commentNotFound, apiMessages.commentNotFound),
  imageNotFound: () => new AppError(404, codes.imageNotFound, apiMessages.imageNotFound),
  badgeTypeNotFound: () => new AppError(404, codes.badgeTypeNotFound, apiMessages.badgeTypeNotFound),
  listNotFound: () => new AppError(404, codes.listNotFound, apiMessages.listNotFound),
  listItemNotFound: () => new AppError(404, codes.listItemNotFound, apiMessages.listItemNotFound),
  captchaOff: () => new AppError(404, codes.captchaOff, apiMessages.captchaOff),
  searchOff: () => new AppError(404, codes.searchOff, searchApiMessages.searchOff),
  invalidSearchType: () => new AppError(400, codes.invalidSearchType, searchApiMessages.invalidSearchType),
  invalidSearchPostType: () => new AppError(400, codes.invalidPostType, apiMessages.postTypeUnsupported),
  invalidSearchWindow: () =>
    new AppError(400, codes.invalidSearchWindow, searchApiMessages.invalidSearchWindow),
  imageFileNotFound: () => new AppError(404, undefined, apiMessages.imageFileNotFound),
  blockNotFound: () => new AppError(404, codes.blockNotFound, apiMessages.blockNotFound),

  // 409
  userExists: (username: string) => new AppError(409, codes.userExists, apiMessages.usernameTaken(username)),
  communityExists: () => new AppError(409, codes.communityExists, messages.communities.exists),
  /** A post vote lost a race (409; the comment vote's is 400). */
  postAlreadyVoted: () => new AppError(409, codes.alreadyVoted, apiMessages.alreadyVoted),
  alreadyReported: (type: string) =>
    new AppError(409, codes.alreadyReported, apiMessages.alreadyReported(type)),
  alreadyDeleted: () => new AppError(409, codes.alreadyDeleted, apiMessages.alreadyDeleted),
  alreadyBanned: (username: string) => new AppError(409, codes.conflict, apiMessages.alreadyBanned(username)),
  alreadyAnnounced: () => new AppError(409, codes.duplicate, apiMessages.alreadyAnnounced),
  communityAlreadyExists: () =>
    new AppError(409, codes.communityAlreadyExists, apiMessages.communityAlreadyExists),
  communityAlreadyRequested: () =>
    new AppError(409, codes.communityAlreadyRequested, apiMessages.communityAlreadyRequested),
  blockNotInEffect: () => new AppError(409, codes.blockNotInEffect, apiMessages.blockNotInEffect),
  duplicateList: (name: string) => new AppError(409, codes.duplicateList, messages.lists.nameExists(name)),

  // 429
  tooManyRequests: () => new AppError(429, undefined, apiMessages.tooManyRequests),
};
