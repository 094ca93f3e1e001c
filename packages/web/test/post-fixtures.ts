import type { Comment, Community, Feed, Image, Post } from '@commons/shared';
import { makeUser } from './fixtures';

/** Contract-shaped posts, communities and images (API.md §5.1, §5.4, §5.6) for the posts tests. */

let counter = 0x1000;
const hexId = () => (++counter).toString(16).padStart(24, '0');
const publicId = () => `p${(++counter).toString(36).padStart(7, '0')}`;

export function makeImage(overrides: Partial<Image> = {}): Image {
  const id = hexId();
  const copy = (name: string, w: number, h: number, fit: 'cover' | 'contain') => ({
    name,
    width: w,
    height: h,
    boxWidth: w,
    boxHeight: h,
    objectFit: fit,
    format: 'jpeg',
    url: `/images/${id}.jpeg?fit=${fit}&size=${w}x${h}`,
  });
  return {
    id,
    format: 'jpeg',
    mimetype: 'image/jpeg',
    width: 1600,
    height: 1000,
    size: 12_345,
    averageColor: 'rgb(10,20,30)',
    url: `/images/${id}.jpeg`,
    copies: [
      copy('tiny', 120, 120, 'cover'),
      copy('small', 325, 250, 'cover'),
      copy('medium', 720, 450, 'contain'),
      copy('large', 1080, 675, 'contain'),
      copy('huge', 1600, 1000, 'contain'),
    ],
    altText: null,
    ...overrides,
  };
}

export function makePost(overrides: Partial<Post> = {}): Post {
  const author = makeUser({ username: 'bob' });
  return {
    id: hexId(),
    type: 'text',
    publicId: publicId(),
    userId: author.id,
    username: author.username,
    userGroup: 'normal',
    userDeleted: false,
    isPinned: false,
    isPinnedSite: false,
    communityId: '00000000000000000000c0de',
    communityName: 'golang',
    communityProPic: null,
    communityBannerImage: null,
    title: 'A post about Go',
    body: 'Some text',
    image: null,
    images: [],
    locked: false,
    lockedBy: null,
    lockedAt: null,
    upvotes: 1,
    downvotes: 0,
    hotness: 1,
    createdAt: '2025-01-01T00:00:00Z',
    editedAt: null,
    lastActivityAt: '2025-01-01T00:00:00Z',
    deleted: false,
    deletedAt: null,
    deletedContent: false,
    noComments: 0,
    comments: null,
    commentsNext: null,
    userVoted: false,
    userVotedUp: null,
    lastVisitAt: null,
    newComments: 0,
    isAuthorMuted: false,
    isCommunityMuted: false,
    author: { ...author, moddingList: null },
    ...overrides,
  };
}

export function makeFullCommunity(name: string, overrides: Partial<Community> = {}): Community {
  return {
    id: hexId(),
    userId: hexId(),
    name,
    nsfw: false,
    about: `All about ${name}.`,
    noMembers: 12,
    proPic: null,
    bannerImage: null,
    postingRestricted: false,
    createdAt: '2025-01-01T00:00:00Z',
    deletedAt: null,
    isDefault: false,
    userJoined: false,
    userMod: false,
    isMuted: false,
    mods: [],
    rules: [],
    ReportsDetails: null,
    ...overrides,
  };
}

/** `n` text posts titled "Post 1", "Post 2", ... */
export function makePosts(n: number, from = 1): Post[] {
  return Array.from({ length: n }, (_, i) => makePost({ title: `Post ${from + i}` }));
}

export function feedPage(posts: Post[], next: string | null = null): Feed {
  return { posts, next };
}

/** A live comment on `post` (API.md §5.7); a reply when `parent` is given. */
export function makeComment(post: Post, overrides: Partial<Comment> = {}, parent?: Comment): Comment {
  const author = makeUser({ username: 'carol' });
  return {
    id: hexId(),
    postId: post.id,
    postPublicId: post.publicId,
    communityId: post.communityId,
    communityName: post.communityName,
    userId: author.id,
    username: author.username,
    userGroup: 'normal',
    userDeleted: false,
    parentId: parent?.id ?? null,
    depth: parent ? parent.depth + 1 : 0,
    noReplies: 0,
    noRepliesDirect: 0,
    ancestors: parent ? [...(parent.ancestors ?? []), parent.id] : null,
    body: 'A comment',
    upvotes: 1,
    downvotes: 0,
    createdAt: '2025-01-01T00:00:00Z',
    editedAt: null,
    deleted: false,
    deletedAt: null,
    locked: false,
    lockedBy: null,
    lockedAt: null,
    author: { ...author, moddingList: null },
    userVoted: false,
    userVotedUp: null,
    postDeleted: false,
    ...overrides,
  };
}
