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

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  application_data: ApplicationDataTable;
  report_reasons: ReportReasonsTable;
  badge_types: BadgeTypesTable;
  user_badges: UserBadgesTable;
  used_captchas: UsedCaptchasTable;
  schema_migrations: SchemaMigrationsTable;
}
