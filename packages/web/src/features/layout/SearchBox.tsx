import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Icon } from '../../components/ui/Icon';
import { siteConfig } from '../../app/site-config';
import styles from './SearchBox.module.css';

/** The external search (SEARCH=external): results limited to this site, no tracking. */
export function searchUrl(query: string, host: string): string {
  return `https://duckduckgo.com/?q=${encodeURIComponent(`site:${host} ${query}`)}`;
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/**
 * "/" pressed outside a text field, without a modifier, and with no dialog open (a menu, the drawer, a
 * confirmation): the search shortcut (core §1).
 */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target))
    return false;
  return document.querySelector('[role="dialog"], [role="alertdialog"]') === null;
}

/**
 * The navbar's search box: it opens the built-in search page, `/search?q=` (issue 16), or, where the
 * operator keeps the reference behaviour, a web search limited to this site in a new tab (core §1).
 * Pressing "/" anywhere (outside a text field) focuses it. On the search page it shows that search's
 * words. Where it opens on its own row (phones), Escape closes it through `onEscape`.
 */
export function SearchBox({ autoFocus = false, onEscape }: { autoFocus?: boolean; onEscape?: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [location, navigate] = useLocation();
  const urlSearch = useSearch();
  const external = siteConfig.externalSearch;
  // The box shows what the search page is searching for, and is empty elsewhere: text left from an
  // earlier search would read as the current one. Set while rendering when the URL changes (React's
  // pattern for state that follows a prop), so typing in the box is left alone.
  const fromUrl = location === '/search' ? (new URLSearchParams(urlSearch).get('q') ?? '') : '';
  const [query, setQuery] = useState(fromUrl);
  const [queryFrom, setQueryFrom] = useState(`${location}?${urlSearch}`);
  if (queryFrom !== `${location}?${urlSearch}`) {
    setQueryFrom(`${location}?${urlSearch}`);
    setQuery(fromUrl);
  }

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    if (!text) return;
    if (external) window.open(searchUrl(text, window.location.host), '_blank', 'noopener,noreferrer');
    else navigate(`/search?q=${encodeURIComponent(text)}`);
  };

  return (
    <form role="search" aria-label="Site" className={styles.form} onSubmit={submit}>
      <Icon name="search" size={18} />
      <input
        ref={input}
        type="search"
        className={styles.input}
        placeholder={`Search ${siteConfig.siteName}`}
        aria-label={`Search ${siteConfig.siteName}${external ? ' (opens a web search in a new tab)' : ''}`}
        aria-keyshortcuts="/"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Escape' || !onEscape) return;
          e.preventDefault();
          onEscape();
        }}
        autoFocus={autoFocus}
      />
      <kbd className={styles.key} aria-hidden="true">
        /
      </kbd>
    </form>
  );
}
