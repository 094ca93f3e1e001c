export { limits, ui, NAME_CHARACTERS } from './limits.js';
export { messages } from './messages.js';
export { errorCodes, type ErrorBody, type ErrorCode } from './errors.js';
export {
  FEED_TYPES,
  isFeedType,
  FEED_SORTS,
  DEFAULT_FEED_SORT,
  isFeedSort,
  COMMUNITY_SORTS,
  isCommunitySort,
  COMMUNITY_SETS,
  isCommunitySet,
  USER_FEED_FILTERS,
  isUserFeedFilter,
  GROUPS,
  isGroup,
  REPORT_TYPES,
  isReportType,
  LISTS_SORTS,
  isListsSort,
  LISTS_FILTERS,
  isListsFilter,
  LIST_ITEM_SORTS,
  isListItemSort,
  CONTENT_TYPES,
  isContentType,
  NOTIFICATION_TYPES,
  isNotificationType,
  type FeedType,
  type FeedSort,
  type CommunitySort,
  type CommunitySet,
  type UserFeedFilter,
  type Group,
  type ReportType,
  type ListsSort,
  type ListsFilter,
  type ListItemSort,
  type ContentType,
  type NotificationType,
} from './enums.js';
export {
  checkUsername,
  checkPassword,
  checkListName,
  isValidEmail,
  nameKey,
  type UsernameProblem,
  type PasswordProblem,
  type ListNameProblem,
} from './validation.js';
export {
  truncateChars,
  charLength,
  composedText,
  dropInvalidUnicode,
  decodeHtmlEscapes,
  HTML_ESCAPES,
} from './text.js';
export { fixedPathSegments, staticPages, type StaticPageContent } from './static-pages.js';
export { captchaToken } from './captcha.js';
export { REPORT_FILTERS, isReportFilter, type ReportFilter } from './enums.js';
export type * from './schemas/types.js';
