import type { ContentType, Group, ListItemSort, NotificationType } from '@commons/shared';
import type { ModLogAction } from '@commons/shared/modlog';
import type { ColumnType, Generated } from 'kysely';

/**
 * The tables as Kysely sees them. Column names stay snake_case here and in SQL; presenters turn rows
 * into the contract's camelCase JSON. Entity ids are HEX24 text (the `hex24` domain, "C" collation).
 */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: string;
  user_index: Generated<number>;
  username: string;
  username_lc: ColumnType<string, never, never>;
  email: string | null;
  email_confirmed_at: Timestamp | null;
  password: string;
  about_me: string | null;
  points: Generated<number>;
  is_admin: Generated<boolean>;
  notifications_new_count: Generated<number>;
  no_posts: Generated<number>;
  no_comments: Generated<number>;
  created_at: DefaultTimestamp;
  created_ip: string | null;
  last_seen: Timestamp | null;
  last_seen_ip: string | null;
  deleted_at: Timestamp | null;
  banned_at: Timestamp | null;
  upvote_notifications_off: Generated<boolean>;
  reply_notifications_off: Generated<boolean>;
  home_feed: Generated<'all' | 'subscriptions'>;
  remember_feed_sort: Generated<boolean>;
  embeds_off: Generated<boolean>;
  hide_user_profile_pictures: Generated<boolean>;
  require_alt_text: Generated<boolean>;
  welcome_notification_sent: Generated<boolean>;
  pro_pic: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: string | null;
  last_seen_at: Timestamp | null;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
}

export interface ApplicationDataTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface ReportReasonsTable {
  id: Generated<number>;
  title: string;
  description: string | null;
  created_at: DefaultTimestamp;
}

export interface BadgeTypesTable {
  id: Generated<number>;
  name: string;
  created_at: DefaultTimestamp;
}

export interface UserBadgesTable {
  id: Generated<number>;
  type: number;
  user_id: string;
  created_at: DefaultTimestamp;
}

export interface UsedCaptchasTable {
  challenge: string;
  expires_at: Timestamp;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: DefaultTimestamp;
}

/** The last start of each periodic job (jobs/scheduler.ts). */
export interface JobRunsTable {
  name: string;
  last_started_at: Timestamp;
  runs: Generated<number>;
  /** hostname:pid of the process that ran it last. */
  ran_by: string;
}

export interface ImagesTable {
  id: string;
  store_name: Generated<string>;
  format: Generated<'jpeg' | 'png' | 'webp'>;
  width: number;
  height: number;
  size: number;
  upload_size: number;
  average_r: number;
  average_g: number;
  average_b: number;
  alt_text: string | null;
  created_at: DefaultTimestamp;
  deleted_at: Timestamp | null;
}

export interface TempImagesTable {
  image_id: string;
  user_id: string;
  created_at: DefaultTimestamp;
}

export interface CommunitiesTable {
  id: string;
  user_id: string;
  name: string;
  name_lc: ColumnType<string, never, never>;
  nsfw: Generated<boolean>;
  about: string | null;
  no_members: Generated<number>;
  posts_count: Generated<number>;
  posting_restricted: Generated<boolean>;
  /** Hides the moderators' names in the public moderation log from non-moderators. */
  modlog_hide_names: Generated<boolean>;
  pro_pic: string | null;
  banner_image: string | null;
  created_at: DefaultTimestamp;
  deleted_at: Timestamp | null;
  deleted_by: string | null;
}

export interface CommunityMembersTable {
  community_id: string;
  user_id: string;
  created_at: DefaultTimestamp;
}

export interface CommunityModsTable {
  community_id: string;
  user_id: string;
  position: number;
  created_at: DefaultTimestamp;
}

export interface CommunityBannedTable {
  community_id: string;
  user_id: string;
  expires_at: Timestamp | null;
  banned_by: string | null;
  created_at: DefaultTimestamp;
}

export interface CommunityRulesTable {
  id: Generated<number>;
  community_id: string;
  rule: string;
  description: string | null;
  z_index: number;
  created_by: string | null;
  created_at: DefaultTimestamp;
}

export interface DefaultCommunitiesTable {
  community_id: string;
  created_at: DefaultTimestamp;
}

export type PostType = 'text' | 'image' | 'link';
export type { Group };

export interface PostsTable {
  id: string;
  type: PostType;
  public_id: string;
  user_id: string;
  user_group: Generated<Group>;
  community_id: string;
  title: string;
  body: string | null;
  link_url: string | null;
  link_hostname: string | null;
  link_image: string | null;
  locked: Generated<boolean>;
  locked_at: Timestamp | null;
  locked_by: string | null;
  locked_by_group: Group | null;
  is_pinned: Generated<boolean>;
  is_pinned_site: Generated<boolean>;
  upvotes: Generated<number>;
  downvotes: Generated<number>;
  points: Generated<number>;
  hotness: Generated<number>;
  no_comments: Generated<number>;
  created_at: DefaultTimestamp;
  edited_at: Timestamp | null;
  last_activity_at: DefaultTimestamp;
  deleted: Generated<boolean>;
  deleted_at: Timestamp | null;
  deleted_by: string | null;
  deleted_as: Group | null;
  deleted_content: Generated<boolean>;
  deleted_content_at: Timestamp | null;
  deleted_content_by: string | null;
  deleted_content_as: Group | null;
  /** The reason given by the moderator or admin who removed the post. */
  deleted_reason: string | null;
}

export type WindowName = 'day' | 'week' | 'month' | 'year';

export interface PostWindowsTable {
  window_name: WindowName;
  post_id: string;
  community_id: string;
  points: number;
  created_at: Timestamp;
}

export interface PostImagesTable {
  post_id: string;
  image_id: string;
  z_index: number;
}

export interface PostVotesTable {
  post_id: string;
  user_id: string;
  up: boolean;
  is_user_new: Generated<boolean>;
  created_at: DefaultTimestamp;
}

export interface PostVisitsTable {
  post_id: string;
  user_id: string;
  first_visited_at: DefaultTimestamp;
  last_visited_at: DefaultTimestamp;
}

export interface PinnedPostsTable {
  id: Generated<number>;
  post_id: string;
  community_id: string | null;
  is_site_wide: boolean;
  created_at: DefaultTimestamp;
}

export interface HiddenPostsTable {
  user_id: string;
  post_id: string;
  created_at: DefaultTimestamp;
}

export interface AnnouncementPostsTable {
  post_id: string;
  announced_by: string | null;
  created_at: DefaultTimestamp;
  sending_started_at: Timestamp | null;
  sending_finished_at: Timestamp | null;
  total_sent: Generated<number>;
}

export interface MutedUsersTable {
  id: Generated<number>;
  user_id: string;
  muted_user_id: string;
  created_at: DefaultTimestamp;
}

/** Muted words (an addition to the contract); `pattern` is the word as an escaped regular expression. */
export interface AnalyticsTable {
  id: Generated<string>;
  event_name: string;
  unique_key: Buffer;
  payload: ColumnType<unknown, string, string>;
  created_at: DefaultTimestamp;
}

export interface MutedWordsTable {
  id: Generated<number>;
  user_id: string;
  word: string;
  pattern: string;
  created_at: DefaultTimestamp;
  /** The word's runs of letters and digits as a tsquery (all of them), NULL when it has none. */
  terms: Generated<string | null>;
  /** The word is one run of letters and digits: its `terms` decide alone. */
  single_run: Generated<boolean>;
}

/** Each post's runs of letters and digits (migration 0007), kept by a trigger on posts. */
export interface PostWordSetsTable {
  post_id: string;
  words: string;
}

/** Search documents of posts and comments (migration 0012), kept by triggers. */
/** Migration 0014: the row's own filters beside its document (`tags`: week, community, author, type). */
export interface PostSearchTable {
  created_at: Date;
  deleted: boolean;
  post_id: string;
  community_id: string;
  user_id: string;
  type: string;
  tags: string;
  doc: string;
}

export interface CommentSearchTable {
  created_at: Date;
  deleted: boolean;
  comment_id: string;
  post_id: string;
  community_id: string;
  user_id: string;
  post_type: string;
  tags: string;
  doc: string;
}

export interface MutedCommunitiesTable {
  id: Generated<number>;
  user_id: string;
  community_id: string;
  created_at: DefaultTimestamp;
}

export interface CommentsTable {
  id: string;
  post_id: string;
  community_id: string;
  user_id: string;
  user_group: Generated<Group>;
  parent_id: string | null;
  depth: number;
  ancestors: string[] | null;
  no_replies: Generated<number>;
  no_replies_direct: Generated<number>;
  body: string;
  upvotes: Generated<number>;
  downvotes: Generated<number>;
  points: Generated<number>;
  created_at: DefaultTimestamp;
  edited_at: Timestamp | null;
  deleted_at: Timestamp | null;
  deleted_by: string | null;
  deleted_as: Group | null;
  locked_at: Timestamp | null;
  locked_by: string | null;
  locked_by_group: Exclude<Group, 'normal'> | null;
}

export interface CommentRepliesTable {
  ancestor_id: string;
  comment_id: string;
}

export interface CommentVotesTable {
  comment_id: string;
  user_id: string;
  up: boolean;
  is_user_new: Generated<boolean>;
  created_at: DefaultTimestamp;
}

export interface ReportsTable {
  id: Generated<number>;
  type: 'post' | 'comment';
  target_id: string;
  community_id: string;
  post_id: string;
  reason_id: number;
  created_by: string;
  created_at: DefaultTimestamp;
  action_taken: string | null;
  dealt_at: Timestamp | null;
  dealt_by: string | null;
}

export interface ListsTable {
  id: Generated<number>;
  user_id: string;
  name: string;
  display_name: string;
  public: Generated<boolean>;
  description: string | null;
  num_items: Generated<number>;
  ordering: Generated<ListItemSort>;
  created_at: DefaultTimestamp;
  last_updated_at: DefaultTimestamp;
}

export interface ListItemsTable {
  id: Generated<number>;
  list_id: number;
  target_type: ContentType;
  target_id: string;
  created_at: DefaultTimestamp;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: string;
  type: NotificationType;
  notif: ColumnType<Record<string, unknown>, string, string>;
  seen: Generated<boolean>;
  seen_at: Timestamp | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface WebPushSubscriptionsTable {
  id: Generated<number>;
  session_id: string;
  user_id: string;
  push_subscription: ColumnType<StoredPushSubscription, string, string>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** The event outbox (docs/architecture.md): pending while `done_at` is null. */
export interface NotificationEventsTable {
  id: Generated<string>;
  type: string;
  recipient_id: string | null;
  payload: ColumnType<Record<string, unknown>, string, string>;
  created_at: DefaultTimestamp;
  done_at: Timestamp | null;
  attempts: Generated<number>;
}

export interface AnnouncementNotificationsSentTable {
  id: Generated<number>;
  post_id: string;
  user_id: string;
  sent_at: DefaultTimestamp;
}

/** What `web_push_subscriptions.push_subscription` holds: the parts of a PushSubscription used to send. */
export interface StoredPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface CommunityRequestsTable {
  id: Generated<number>;
  by_user: string;
  community_name: string;
  community_name_lc: ColumnType<string, never, never>;
  note: string | null;
  created_at: DefaultTimestamp;
  deleted_at: Timestamp | null;
  denied_note: string | null;
  /** The denying admin's username, as the contract shows it. */
  denied_by: string | null;
  denied_at: Timestamp | null;
}

export interface IpBlocksTable {
  id: Generated<number>;
  /** inet: the network's first address. */
  ip: string;
  /** 0 = a single host. */
  masked_bits: number;
  created_at: DefaultTimestamp;
  created_by: string;
  expires_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  in_effect: Generated<boolean>;
  associated_users: ColumnType<string[], string[] | undefined, string[]>;
  note: Generated<string>;
}

/** The public moderation log (migration 0013): one row per moderation or admin action. */
export interface ModLogTable {
  id: Generated<string>;
  created_at: DefaultTimestamp;
  actor_id: string | null;
  actor_name: string | null;
  acted_as: Exclude<Group, 'normal'>;
  action: ModLogAction;
  community_id: string | null;
  community_name: string | null;
  post_id: string | null;
  post_public_id: string | null;
  comment_id: string | null;
  target_user_id: string | null;
  target_user_name: string | null;
  target_title: string | null;
  rule_id: number | null;
  reason_rule: string | null;
  reason: string | null;
  details: ColumnType<Record<string, unknown> | null, string | null, string | null>;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  application_data: ApplicationDataTable;
  report_reasons: ReportReasonsTable;
  badge_types: BadgeTypesTable;
  user_badges: UserBadgesTable;
  used_captchas: UsedCaptchasTable;
  schema_migrations: SchemaMigrationsTable;
  job_runs: JobRunsTable;
  images: ImagesTable;
  temp_images: TempImagesTable;
  communities: CommunitiesTable;
  community_members: CommunityMembersTable;
  community_mods: CommunityModsTable;
  community_banned: CommunityBannedTable;
  community_rules: CommunityRulesTable;
  default_communities: DefaultCommunitiesTable;
  posts: PostsTable;
  post_windows: PostWindowsTable;
  post_images: PostImagesTable;
  post_votes: PostVotesTable;
  post_visits: PostVisitsTable;
  pinned_posts: PinnedPostsTable;
  hidden_posts: HiddenPostsTable;
  announcement_posts: AnnouncementPostsTable;
  muted_users: MutedUsersTable;
  muted_communities: MutedCommunitiesTable;
  muted_words: MutedWordsTable;
  post_word_sets: PostWordSetsTable;
  post_search: PostSearchTable;
  comment_search: CommentSearchTable;
  analytics: AnalyticsTable;
  comments: CommentsTable;
  comment_replies: CommentRepliesTable;
  comment_votes: CommentVotesTable;
  reports: ReportsTable;
  lists: ListsTable;
  list_items: ListItemsTable;
  notifications: NotificationsTable;
  notification_events: NotificationEventsTable;
  announcement_notifications_sent: AnnouncementNotificationsSentTable;
  web_push_subscriptions: WebPushSubscriptionsTable;
  community_requests: CommunityRequestsTable;
  ip_blocks: IpBlocksTable;
  mod_log: ModLogTable;
}
