/**
 * Device storage under the keys the specification names. Reads and writes never throw: storage can be
 * full or switched off (private modes), and the app must still work.
 */
export type StorageKey =
  | 'csrftoken'
  | 'theme'
  | 'feedSort'
  | 'feed_layout'
  | 'neverShowInstallBanner'
  | 'update_prompt_displayed_at'
  | 'notifPermsLastAskedAt'
  | 'top_navbar_autohide_disabled'
  | 'infinite_scrolling_disabled'
  | 'font';

export const storage = {
  get(key: StorageKey): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      // not persisted; the current page still has the value in memory
    }
  },
  remove(key: StorageKey): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // nothing to do
    }
  },
};
