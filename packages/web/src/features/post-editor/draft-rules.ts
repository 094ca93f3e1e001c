import { charLength, limits, messages, type PostTypeName } from '@commons/shared';
import { ApiError } from '../../lib/api-client';
import { mayModerate } from '../../lib/policies';

/** Where a problem is shown: beside the field it is about, or above the form's buttons. */
export type ProblemField = 'community' | 'title' | 'images' | 'url' | 'form';

export interface Problem {
  field: ProblemField;
  message: string;
}

export interface Draft {
  type: PostTypeName;
  community: { id: string; postingRestricted: boolean } | null;
  title: string;
  url: string;
  /** Every image added, uploaded or still uploading, with its alt text. */
  images: { altText: string; uploaded: boolean }[];
}

export interface Poster {
  points: number;
  isAdmin: boolean;
  requireAltText: boolean;
  /** Moderates the chosen community. */
  isMod: boolean;
}

export interface SiteRules {
  bannedFrom: string[] | null;
  imagePostSubmitReqPoints: number;
  linkPostSubmitReqPoints: number;
  maxImagesPerPost: number;
}

/** A link post's URL must be http or https, with a host (core §5). */
export function isValidUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Points above the threshold are needed; a threshold below 1 means no requirement (core §5). */
export function hasEnoughPoints(points: number, threshold: number): boolean {
  return threshold < 1 || points > threshold;
}

export function titleProblem(title: string): Problem | null {
  const trimmed = title.trim();
  if (trimmed === '') return { field: 'title', message: messages.posts.titleEmpty };
  if (charLength(trimmed) < limits.postTitleMin)
    return { field: 'title', message: messages.posts.titleTooShort };
  return null;
}

/** The first rule a new post breaks, in the specification's order and words (core §5), or null. */
export function newPostProblem(draft: Draft, poster: Poster, site: SiteRules): Problem | null {
  const { community } = draft;
  if (!community) return { field: 'community', message: messages.posts.selectCommunity };
  if (site.bannedFrom?.includes(community.id)) {
    return { field: 'community', message: messages.posts.bannedFromCommunity };
  }
  const title = titleProblem(draft.title);
  if (title) return title;
  if (draft.type === 'image') {
    if (draft.images.length === 0) return { field: 'images', message: messages.posts.noImage };
    if (draft.images.length > site.maxImagesPerPost) {
      return { field: 'images', message: messages.posts.tooManyImages(site.maxImagesPerPost) };
    }
    if (poster.requireAltText && draft.images.some((image) => image.altText.trim() === '')) {
      return { field: 'images', message: messages.posts.altTextMissing };
    }
  }
  if (draft.type === 'link' && !isValidUrl(draft.url)) {
    return { field: 'url', message: messages.posts.invalidUrl };
  }
  if (draft.type === 'image' && !hasEnoughPoints(poster.points, site.imagePostSubmitReqPoints)) {
    return { field: 'form', message: messages.posts.notEnoughPointsImage };
  }
  if (draft.type === 'link' && !hasEnoughPoints(poster.points, site.linkPostSubmitReqPoints)) {
    return { field: 'form', message: messages.posts.notEnoughPointsLink };
  }
  if (community.postingRestricted && !mayModerate({ isAdmin: poster.isAdmin, moderates: poster.isMod })) {
    return { field: 'community', message: messages.posts.postingRestricted };
  }
  if (draft.type === 'image' && draft.images.some((image) => !image.uploaded)) {
    return { field: 'images', message: 'Please wait until every image has uploaded.' };
  }
  return null;
}

/** The server's refusals of a post, in the same words as the checks above; null for the rest. */
export function problemFromServer(
  error: unknown,
  type: PostTypeName,
  maxImagesPerPost: number,
): Problem | null {
  if (!(error instanceof ApiError)) return null;
  switch (error.code) {
    case 'not_enough_points':
      return {
        field: 'form',
        message: type === 'link' ? messages.posts.notEnoughPointsLink : messages.posts.notEnoughPointsImage,
      };
    case 'banned_from_community':
      return { field: 'community', message: messages.posts.bannedFromCommunity };
    case 'posting-restricted':
      return { field: 'community', message: messages.posts.postingRestricted };
    case 'community/not-found':
      return { field: 'community', message: messages.posts.selectCommunity };
    case 'invalid-url':
      return { field: 'url', message: messages.posts.invalidUrlServer };
    case 'no-images':
      return { field: 'images', message: messages.posts.noImage };
    case 'too-many-images':
      return { field: 'images', message: messages.posts.tooManyImages(maxImagesPerPost) };
    case 'post/title-too-short':
      return { field: 'title', message: messages.posts.titleTooShort };
    default:
      return null;
  }
}
