import { useLayoutEffect } from 'react';

/**
 * Half-written posts and comments kept on the device until they are sent or discarded, so a reload or
 * a closed tab does not lose them. Keys name the writer and the box; a draft older than a month is
 * dropped, so abandoned boxes do not pile up in storage.
 */
const PREFIX = 'draft:';
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

interface Stored<T> {
  value: T;
  savedAt: number;
}

function storageKey(key: string, userId: string | null): string {
  return `${PREFIX}${userId ?? 'guest'}:${key}`;
}

export const draftKeys = {
  newPost: 'post:new',
  editPost: (postId: string) => `post:edit:${postId}`,
  /** A new comment on the post (`parentId` null) or a reply to one of its comments. */
  comment: (postId: string, parentId: string | null) => `comment:${postId}:reply:${parentId ?? 'post'}`,
  editComment: (postId: string, commentId: string) => `comment:${postId}:edit:${commentId}`,
};

export function loadDraft<T>(key: string, userId: string | null): T | null {
  try {
    const raw = localStorage.getItem(storageKey(key, userId));
    if (raw === null) return null;
    const stored = JSON.parse(raw) as Stored<T>;
    if (Date.now() - stored.savedAt > MAX_AGE_MS) {
      localStorage.removeItem(storageKey(key, userId));
      return null;
    }
    return stored.value;
  } catch {
    return null;
  }
}

export function saveDraft<T>(key: string, userId: string | null, value: T): void {
  try {
    const stored: Stored<T> = { value, savedAt: Date.now() };
    localStorage.setItem(storageKey(key, userId), JSON.stringify(stored));
  } catch {
    // storage full or off: the box still holds the text for this page
  }
}

export function clearDraft(key: string, userId: string | null): void {
  try {
    localStorage.removeItem(storageKey(key, userId));
  } catch {
    // nothing to do
  }
}

/** Every draft of one member, when they log out: what they wrote stays on a shared device otherwise. */
export function clearDraftsOf(userId: string): void {
  try {
    const prefix = storageKey('', userId);
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) if (key?.startsWith(prefix)) localStorage.removeItem(key);
  } catch {
    // storage off: nothing was kept
  }
}

export function hasDraft(key: string, userId: string | null): boolean {
  return loadDraft(key, userId) !== null;
}

/**
 * Keeps `value` as the draft under `key` while `keep` says it is worth keeping, and removes it
 * otherwise. No key: nothing is kept. Read the draft back with `loadDraft` when the box first renders.
 */
export function useKeptDraft<T>(
  key: string | undefined,
  userId: string | null,
  value: T,
  keep: boolean,
): void {
  // A layout effect: it runs as soon as the keystroke's render is done, where an effect waits for a
  // task after it (docs/decisions.md §35), and a reload or a closed tab in between would lose the last
  // words typed.
  useLayoutEffect(() => {
    // Only members write; a box still open after logging out keeps nothing on the device.
    if (!key || userId === null) return;
    if (keep) saveDraft(key, userId, value);
    else clearDraft(key, userId);
  }, [key, userId, value, keep]);
}
