import { messages, type Comment, type Group, type Post, type User } from '@commons/shared';
import { mayActAs, officialGroups, standingIn } from '../../lib/policies';

export interface CommentNode {
  comment: Comment;
  children: CommentNode[];
  /** Replies below this comment that are not loaded yet (all depths). */
  missingReplies: number;
}

/**
 * The tree of the comments loaded so far, in the order given (the server's best-first order, with the
 * reader's new comments first), except that deleted comments come after their live siblings: they
 * keep their place in the tree (their replies stay under them) but no longer lead a discussion. A
 * comment whose parent is not loaded starts a tree of its own, which the server's pages never cause
 * (they carry missing ancestors).
 */
export function buildTree(comments: readonly Comment[]): CommentNode[] {
  const nodes = new Map<string, CommentNode>();
  for (const comment of comments) {
    if (!nodes.has(comment.id)) nodes.set(comment.id, { comment, children: [], missingReplies: 0 });
  }
  const roots: CommentNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.comment.parentId ? nodes.get(node.comment.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const countLoaded = (node: CommentNode): number => {
    let loaded = 0;
    for (const child of node.children) loaded += 1 + countLoaded(child);
    node.missingReplies = Math.max(0, node.comment.noReplies - loaded);
    return loaded;
  };
  for (const root of roots) countLoaded(root);
  const deletedLast = (list: CommentNode[]): CommentNode[] => {
    for (const node of list) node.children = deletedLast(node.children);
    return list.some((n) => n.comment.deleted)
      ? [...list.filter((n) => !n.comment.deleted), ...list.filter((n) => n.comment.deleted)]
      : list;
  };
  return deletedLast(roots);
}

/** How many comments a thread holds that are loaded: its top comment and every reply below it. */
function threadSize(node: CommentNode): number {
  let size = 1;
  for (const child of node.children) size += threadSize(child);
  return size;
}

/**
 * Where to stop showing threads from `start` on so that about `budget` more comments are shown:
 * whole threads, at least one.
 */
export function countThreads(tree: readonly CommentNode[], start: number, budget: number): number {
  let end = start;
  let comments = 0;
  while (end < tree.length && (end === start || comments < budget)) comments += threadSize(tree[end++]!);
  return end;
}

/** Merges comments into a list: new ids are added at the end, known ones replaced in place. */
export function mergeComments(list: readonly Comment[], incoming: readonly Comment[]): Comment[] {
  const index = new Map(list.map((c, i) => [c.id, i]));
  const result = [...list];
  for (const comment of incoming) {
    const at = index.get(comment.id);
    if (at === undefined) {
      index.set(comment.id, result.length);
      result.push(comment);
    } else {
      result[at] = comment;
    }
  }
  return result;
}

/** "Deleted by moderators|admins|the author" for a deleted comment (core §4). */
export function deletedByText(comment: Pick<Comment, 'deletedAs'>): string {
  const group =
    comment.deletedAs === 'admins' ? 'admins' : comment.deletedAs === 'mods' ? 'moderators' : 'the author';
  return messages.comments.deletedBy(group);
}

/** The post's author wrote this comment (the OP tag); never for deleted accounts. */
export function isByPostAuthor(comment: Comment, post: Pick<Post, 'userId' | 'userDeleted'>): boolean {
  return !post.userDeleted && !comment.userDeleted && comment.userId === post.userId;
}

/** Written by someone else since the reader's previous visit: the '(new)' label (DOMAIN §4.5). */
export function isNewSinceVisit(
  comment: Comment,
  post: Pick<Post, 'lastVisitAt'>,
  viewerId: string | null,
): boolean {
  if (!post.lastVisitAt || !viewerId || comment.userId === viewerId || comment.deleted) return false;
  return new Date(comment.createdAt).getTime() >= new Date(post.lastVisitAt).getTime();
}

export function commentPath(comment: Pick<Comment, 'communityName' | 'postPublicId' | 'id'>): string {
  return `/${comment.communityName}/post/${comment.postPublicId}/${comment.id}`;
}

/** A capacity someone speaks or acts in (core §4); `UserGroupName` without the stripped "null". */
export type Capacity = Group;

/**
 * The capacities a member may write in under this post (core §4: "speak as moderator"), or null when
 * only as themselves: moderators of its community, and admins anywhere.
 */
export function speakingGroups(viewer: User | null, moderates: boolean): Capacity[] | null {
  const groups = officialGroups(standingIn(viewer, { userMod: moderates }));
  return groups.length > 0 ? ['normal', ...groups] : null;
}

/**
 * The capacity a moderator or admin acts in on someone else's comment (delete, lock), or null: the
 * highest the server accepts from them.
 */
export function staffCapacity(viewer: User | null, moderates: boolean): 'mods' | 'admins' | null {
  const standing = standingIn(viewer, { userMod: moderates });
  if (mayActAs(standing, 'admins', false)) return 'admins';
  return mayActAs(standing, 'mods', false) ? 'mods' : null;
}

/** The capacities the author may switch a comment to, or null (not theirs, deleted, or only as user). */
export function editGroups(comment: Comment, viewer: User | null, moderates: boolean): Capacity[] | null {
  if (!viewer || viewer.id !== comment.userId || comment.deleted) return null;
  return speakingGroups(viewer, moderates);
}

/** The capacity the reader deletes a comment in: their own as themselves, others' as staff. */
export function deleteCapacity(comment: Comment, viewer: User | null, moderates: boolean): Capacity | null {
  if (!viewer) return null;
  if (comment.userId === viewer.id) return 'normal';
  return staffCapacity(viewer, moderates);
}
