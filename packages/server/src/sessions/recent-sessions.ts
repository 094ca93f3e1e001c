import type { StoredSession } from './sessions.repository.js';

/**
 * Members' sessions as this process found them in the last few seconds (the read cache's lifetime),
 * for the reads whose answer uses no more of the member than who they are and whether they are an
 * admin: the feeds (issue 15). There a member's page then needs one query, for their state, instead of
 * two; every other request looks its session up afresh, because the user row it carries also holds the
 * bell's count, points and settings, which other members' actions change.
 *
 * What may be stale is bounded by the lifetime: a session ended, or an admin role or ban changed, by
 * another process's request reaches this one through the database's notice (cache/pages-changed.ts)
 * at once, and by the operator CLI likewise; only a lost notice leaves an entry to its end. In this
 * process the writes that end sessions or change roles empty it before they answer.
 */
export interface RecentSessions {
  /** The session found by the last lookup, when it is younger than the lifetime. */
  get(id: string, now: number): StoredSession | undefined;
  /**
   * Keeps a member's session found by a lookup that started at `generation`: one that started before
   * the last `forget()` or `clear()` may have read what that write then changed, so it is not kept.
   */
  set(id: string, session: StoredSession, generation: number, now: number): void;
  forget(id: string): void;
  clear(): void;
  /** Changes with every `forget()` and `clear()`; read before a lookup, given back to `set`. */
  readonly generation: number;
  readonly size: number;
}

export function createRecentSessions(ttlMs: number, max = 10_000): RecentSessions {
  const entries = new Map<string, { session: StoredSession; until: number }>();
  let generation = 0;
  return {
    get(id, now) {
      const entry = entries.get(id);
      if (!entry) return undefined;
      if (entry.until > now) return entry.session;
      entries.delete(id);
      return undefined;
    },
    set(id, session, since, now) {
      if (ttlMs <= 0 || since !== generation || !session.user) return;
      entries.delete(id);
      entries.set(id, { session, until: now + ttlMs });
      // The oldest go first: many members cost lookups again, never memory.
      if (entries.size > max) entries.delete(entries.keys().next().value!);
    },
    forget(id) {
      generation++;
      entries.delete(id);
    },
    clear() {
      generation++;
      entries.clear();
    },
    get generation() {
      return generation;
    },
    get size() {
      return entries.size;
    },
  };
}
