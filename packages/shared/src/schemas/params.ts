import { Type, type Static } from '@sinclair/typebox';

/*
 * The path and query parameters of every API route. Values arrive as strings and stay strings here:
 * what a value means (a sort, an id, a number) is the contract's rule, checked by the service with that
 * parameter's own error code (API.md §4.2). A repeated query key (an array) is refused as malformed.
 */

/** An optional query parameter. */
const Query = Type.Optional(Type.String());

// Path parameters.
export const PublicIdParamsSchema = Type.Object({ publicId: Type.String() });
/** The post segment of comment paths is ignored (API.md §10.3): the client puts the hex post id there. */
export const PostCommentParamsSchema = Type.Object({ anything: Type.String(), commentId: Type.String() });
export const CommentIdParamsSchema = Type.Object({ commentId: Type.String() });
export const PostIdParamsSchema = Type.Object({ postId: Type.String() });
export const CommunityParamsSchema = Type.Object({ id: Type.String() });
export const UsernameParamsSchema = Type.Object({ username: Type.String() });
export const BadgeParamsSchema = Type.Object({ username: Type.String(), badgeId: Type.String() });
export const ImageIdParamsSchema = Type.Object({ imageId: Type.String() });
export const MutedUserParamsSchema = Type.Object({ userId: Type.String() });
export const MutedCommunityParamsSchema = Type.Object({ communityId: Type.String() });
/** `"u_<n>"` / `"c_<n>"` (API.md §2.3). */
export const MuteIdParamsSchema = Type.Object({ muteId: Type.String() });

/** A list by its owner and name, or by its integer id (API.md §14.3). */
export const ListByNameParamsSchema = Type.Object({ username: Type.String(), listName: Type.String() });
export const ListIdParamsSchema = Type.Object({ listId: Type.String() });
export const ListItemIdParamsSchema = Type.Object({ listId: Type.String(), itemId: Type.String() });

// Query strings.
/** `?action=` of the one-path, several-action routes. */
export const ActionQuerySchema = Type.Object({ action: Query });
/** `?next=` of the admin lists (users, comments). */
export const NextQuerySchema = Type.Object({ next: Query });
/** `GET /api/posts` (API.md §8.1). */
export const FeedQuerySchema = Type.Object({
  sort: Query,
  feed: Query,
  communityId: Query,
  limit: Query,
  next: Query,
  filter: Query,
  page: Query,
});
export const GetPostQuerySchema = Type.Object({ fetchCommunity: Query });
/** `PUT /api/posts/{publicId}`: an edit without `action`, else the action's options (API.md §8.4). */
export const PostActionQuerySchema = Type.Object({
  action: Query,
  lockAs: Query,
  userGroup: Query,
  siteWide: Query,
});
/**
 * `reason` (free text, at most modLogLimits.reasonMax) and `reasonRule` (a rule id of the community)
 * are additions to the contract: a moderator's or admin's removal may give them.
 */
export const DeletePostQuerySchema = Type.Object({
  deleteAs: Query,
  deleteContent: Query,
  reason: Query,
  reasonRule: Query,
});
export const CommentListQuerySchema = Type.Object({ next: Query, parentId: Query });
export const CreateCommentQuerySchema = Type.Object({ userGroup: Query });
/** `PUT /api/posts/{anything}/comments/{id}`: an edit without `action` (API.md §10.3). */
export const CommentActionQuerySchema = Type.Object({ action: Query, userGroup: Query, lockAs: Query });
export const DeleteCommentQuerySchema = Type.Object({ deleteAs: Query, reason: Query, reasonRule: Query });
/** `GET /api/communities` (API.md §11.1). */
export const CommunityListQuerySchema = Type.Object({ q: Query, set: Query, sort: Query, limit: Query });
/** `{id}` is a community's name with `byName=true` (API.md §11.3). */
export const ByNameQuerySchema = Type.Object({ byName: Query });
export const UserProfileQuerySchema = Type.Object({ adminsView: Query });
/** `GET /api/users/{username}/feed` (API.md §7.3). */
export const UserFeedQuerySchema = Type.Object({ filter: Query, limit: Query, next: Query });
export const RemoveBadgeQuerySchema = Type.Object({ byType: Query });
export const LinkInfoQuerySchema = Type.Object({ url: Query });
/** `DELETE /api/mutes?type=user|community|` (API.md §13.3). */
export const MuteTypeQuerySchema = Type.Object({ type: Query });

/** A user's lists (API.md §14.1), also the answer to creating one (§14.2). */
export const ListsQuerySchema = Type.Object({ sort: Query, filter: Query });
/** A list's items (API.md §14.4), on every method. */
export const ListItemsQuerySchema = Type.Object({ limit: Query, next: Query, sort: Query });
/** The Atom feeds (README, API notes): a feed sort (a list sort for lists) and 1 to 50 entries. */
export const AtomQuerySchema = Type.Object({ sort: Query, limit: Query });
export const CommunityNameParamsSchema = Type.Object({ name: Type.String() });
/** `GET /api/lists/_saved_to` (API.md §14.6). */
export const SavedToQuerySchema = Type.Object({ id: Query, type: Query });

export type FeedQueryParams = Static<typeof FeedQuerySchema>;
export type PostActionQueryParams = Static<typeof PostActionQuerySchema>;
export type DeletePostQueryParams = Static<typeof DeletePostQuerySchema>;
export type CommentListQueryParams = Static<typeof CommentListQuerySchema>;
export type CommentActionQueryParams = Static<typeof CommentActionQuerySchema>;
export type CommunityListQueryParams = Static<typeof CommunityListQuerySchema>;
export type UserFeedQueryParams = Static<typeof UserFeedQuerySchema>;
export type ListsQueryParams = Static<typeof ListsQuerySchema>;
export type ListItemsQueryParams = Static<typeof ListItemsQuerySchema>;
export type AtomQueryParams = Static<typeof AtomQuerySchema>;
