/*
 * The JSON types of the contract, derived from the schemas so that the two cannot drift. The client
 * imports these as types only, so none of the schema code reaches the browser.
 */
import type { Static } from '@sinclair/typebox';
import type {
  CommentPageSchema,
  CommentSchema,
  CommentVoteBodySchema,
  CreateCommentBodySchema,
} from './comment.js';
import type {
  AnalyticsEventSchema,
  AnalyticsPageSchema,
  BasicSiteStatsSchema,
  CommunityRequestSchema,
  CreateCommunityRequestBodySchema,
  CreateIPBlockBodySchema,
  IPBlockPageSchema,
  IPBlockSchema,
  SiteSettingsUpdateBodySchema,
} from './admin.js';
import type { UserGroup } from './common.js';
import type {
  CommunityRuleSchema,
  CommunitySchema,
  CommunityWithoutModsSchema,
  UserSchema,
  UserWithoutModdingSchema,
} from './community.js';
import type { BadgeSchema, ImageCopySchema, ImageSchema } from './image.js';
import type {
  CreateListBodySchema,
  ListItemPageSchema,
  ListItemSchema,
  ListSchema,
  MuteSchema,
  MutesSchema,
  ReportReasonSchema,
  UpdateListBodySchema,
} from './lists.js';
import type { ModLogEntrySchema, ModLogPageSchema } from './modlog.js';
import type { MutedWordSchema } from './muted-words.js';
import type {
  AddModBodySchema,
  CommunityReportsSchema,
  CreateRuleBodySchema,
  UpdateRuleBodySchema,
} from './moderation.js';
import type { NotificationPageSchema, NotificationSchema, NotificationViewSchema } from './notifications.js';
import type { PushSubscriptionBodySchema } from './push.js';
import type {
  CreatePostBodySchema,
  EditPostBodySchema,
  FeedSchema,
  LinkInfoSchema,
  ModtoolsFeedSchema,
  PostLinkSchema,
  PostSchema,
  PostVoteBodySchema,
} from './post.js';
import type { UserFeedSchema } from './profile.js';
import type { HighlightRunSchema, SearchPageSchema, SearchQuerySchema } from './search.js';
import type { ReportBodySchema, ReportSchema } from './report.js';
import type {
  CaptchaChallengeSchema,
  InitialSchema,
  LoginBodySchema,
  SignupBodySchema,
  SiteSettingsSchema,
} from './session.js';

export type UserGroupName = Static<typeof UserGroup>;
export type ModLogEntry = Static<typeof ModLogEntrySchema>;
export type ModLogPage = Static<typeof ModLogPageSchema>;
export type Image = Static<typeof ImageSchema>;
export type ImageCopy = Static<typeof ImageCopySchema>;
export type Badge = Static<typeof BadgeSchema>;
export type User = Static<typeof UserSchema>;
export type UserWithoutModding = Static<typeof UserWithoutModdingSchema>;
export type Community = Static<typeof CommunitySchema>;
export type CommunityWithoutMods = Static<typeof CommunityWithoutModsSchema>;
export type CommunityRule = Static<typeof CommunityRuleSchema>;
export type List = Static<typeof ListSchema>;
export type ListItem = Static<typeof ListItemSchema>;
export type ListItemPage = Static<typeof ListItemPageSchema>;
export type CreateListBody = Static<typeof CreateListBodySchema>;
export type UpdateListBody = Static<typeof UpdateListBodySchema>;
export type Mute = Static<typeof MuteSchema>;
export type Mutes = Static<typeof MutesSchema>;
export type MutedWord = Static<typeof MutedWordSchema>;
export type Notification = Static<typeof NotificationSchema>;
export type NotificationView = Static<typeof NotificationViewSchema>;
export type NotificationPage = Static<typeof NotificationPageSchema>;
export type PushSubscriptionBody = Static<typeof PushSubscriptionBodySchema>;
export type ReportReason = Static<typeof ReportReasonSchema>;
export type Initial = Static<typeof InitialSchema>;
export type LoginBody = Static<typeof LoginBodySchema>;
export type SignupBody = Static<typeof SignupBodySchema>;
export type CaptchaChallenge = Static<typeof CaptchaChallengeSchema>;
export type SiteSettings = Static<typeof SiteSettingsSchema>;
export type Post = Static<typeof PostSchema>;
export type PostLink = Static<typeof PostLinkSchema>;
export type Feed = Static<typeof FeedSchema>;
export type ModtoolsFeed = Static<typeof ModtoolsFeedSchema>;
export type CreatePostBody = Static<typeof CreatePostBodySchema>;
export type EditPostBody = Static<typeof EditPostBodySchema>;
export type PostVoteBody = Static<typeof PostVoteBodySchema>;
export type LinkInfo = Static<typeof LinkInfoSchema>;
export type PostTypeName = Post['type'];
export type Comment = Static<typeof CommentSchema>;
export type CommentPage = Static<typeof CommentPageSchema>;
export type CreateCommentBody = Static<typeof CreateCommentBodySchema>;
export type CommentVoteBody = Static<typeof CommentVoteBodySchema>;
export type Report = Static<typeof ReportSchema>;
export type ReportBody = Static<typeof ReportBodySchema>;
export type UserFeed = Static<typeof UserFeedSchema>;
export type UserFeedItem = UserFeed['items'][number];
export type HighlightRun = Static<typeof HighlightRunSchema>;
export type SearchPage = Static<typeof SearchPageSchema>;
export type SearchResult = SearchPage['results'][number];
export type SearchQueryParams = Static<typeof SearchQuerySchema>;
export type CreateRuleBody = Static<typeof CreateRuleBodySchema>;
export type UpdateRuleBody = Static<typeof UpdateRuleBodySchema>;
export type AddModBody = Static<typeof AddModBodySchema>;
export type CommunityReports = Static<typeof CommunityReportsSchema>;
export type SiteSettingsUpdateBody = Static<typeof SiteSettingsUpdateBodySchema>;
export type IPBlock = Static<typeof IPBlockSchema>;
export type IPBlockPage = Static<typeof IPBlockPageSchema>;
export type CreateIPBlockBody = Static<typeof CreateIPBlockBodySchema>;
export type CommunityRequest = Static<typeof CommunityRequestSchema>;
export type CreateCommunityRequestBody = Static<typeof CreateCommunityRequestBodySchema>;
export type BasicSiteStats = Static<typeof BasicSiteStatsSchema>;
export type AnalyticsEvent = Static<typeof AnalyticsEventSchema>;
export type AnalyticsPage = Static<typeof AnalyticsPageSchema>;
