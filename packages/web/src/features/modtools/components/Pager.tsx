import { Link, useLocation, useSearch } from 'wouter';
import { pageLinks } from '../pagination';
import styles from './Modtools.module.css';

/** `search` with `key` set to `value` (dropped when it is the default). */
export function withParam(search: string, key: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(key);
  else params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `?page=N` of a moderation list: a positive integer, 1 when absent or malformed. */
export function pageFrom(search: string): number {
  const value = new URLSearchParams(search).get('page');
  return value && /^\d{1,6}$/.test(value) ? Math.max(1, Number(value)) : 1;
}

/** The page links of a moderation list (secondary §2), kept in the URL as `?page=N`. */
export function Pager({
  totalPages,
  current,
  label,
}: {
  totalPages: number;
  current: number;
  label: string;
}) {
  const search = useSearch();
  const [path] = useLocation();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label}>
      <ul className={styles.pager}>
        {pageLinks(totalPages, current).map((link, i) =>
          link === 'gap' ? (
            <li key={`gap-${i}`} className={styles.gap}>
              …
            </li>
          ) : (
            <li key={link}>
              <Link
                href={path + withParam(search, 'page', link === 1 ? null : String(link))}
                className={styles.pageLink}
                aria-current={link === current ? 'page' : undefined}
                aria-label={`Page ${link}`}
              >
                {link}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
