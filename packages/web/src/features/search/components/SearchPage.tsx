import { useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { limits, messages, type SearchResult } from '@commons/shared';
import {
  isSearchPostType,
  isSearchSort,
  isSearchType,
  isSearchWindow,
  parseSearchText,
  searchMessages as m,
  SEARCH_SORTS,
  SEARCH_TYPES,
  SEARCH_WINDOWS,
  type SearchType,
} from '@commons/shared/search';
import { Button } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { siteConfig } from '../../../app/site-config';
import { errorText } from '../../../lib/api-client';
import { searchUrl } from '../../layout';
import { infiniteScrollingDisabled, useInfiniteScroll } from '../../posts';
import { useSearchResults, type SearchParams } from '../api/search';
import { SearchResultItem } from './SearchResultItem';
import styles from './SearchPage.module.css';

/** The page's state, read from its URL (`/search?q=&type=&community=&author=&postType=&t=&sort=`). */
function readParams(search: string): SearchParams {
  const url = new URLSearchParams(search);
  const get = (key: string) => url.get(key) ?? '';
  const type = get('type');
  const postType = get('postType');
  const t = get('t');
  const sort = get('sort');
  return {
    q: get('q'),
    type: isSearchType(type) ? type : 'posts',
    community: get('community'),
    author: get('author'),
    postType: isSearchPostType(postType) ? postType : '',
    t: isSearchWindow(t) ? t : 'all',
    sort: isSearchSort(sort) ? sort : 'relevance',
  };
}

/** The URL of `params`, leaving out what is at its default. */
function hrefOf(params: SearchParams): string {
  const url = new URLSearchParams();
  if (params.q) url.set('q', params.q);
  if (params.type !== 'posts') url.set('type', params.type);
  if (params.community) url.set('community', params.community);
  if (params.author) url.set('author', params.author);
  if (params.postType) url.set('postType', params.postType);
  if (params.t !== 'all') url.set('t', params.t);
  if (params.sort !== 'relevance') url.set('sort', params.sort);
  const text = url.toString();
  return text ? `/search?${text}` : '/search';
}

const keyOf = (result: SearchResult) => `${result.type}:${result.item.id}`;

/**
 * Whether `params` ask for anything: words, or for posts and comments a community or author alone
 * (communities and users need words).
 */
function asks(params: SearchParams): boolean {
  const content = params.type === 'posts' || params.type === 'comments';
  return params.q !== '' || (content && (params.community !== '' || params.author !== ''));
}

/**
 * Ways to find more when nothing matched: each filter that narrows the search, set in its field or
 * typed into the query (`community:name`, `author:name`), as a link that lifts it; not one that would
 * leave nothing to search for (a community filter alone, lifted, is the empty page).
 */
function widenings(params: SearchParams): { label: string; change: Partial<SearchParams> }[] {
  const typed = parseSearchText(params.q);
  const lift = (only: 'community' | 'author') =>
    only === 'community'
      ? { community: '', q: parseSearchText(params.q, 'community').text }
      : { author: '', q: parseSearchText(params.q, 'author').text };
  const all = [
    ...(params.t !== 'all' ? [{ label: m.widenWindow, change: { t: 'all' as const } }] : []),
    ...(params.postType ? [{ label: m.widenType, change: { postType: '' as const } }] : []),
    ...(params.community || typed.communities.length
      ? [{ label: m.widenCommunity, change: lift('community') }]
      : []),
    ...(params.author || typed.authors.length ? [{ label: m.widenAuthor, change: lift('author') }] : []),
  ];
  return all.filter((w) => asks({ ...params, ...w.change }));
}

/** What to try when nothing matched, by whether there were words and filters to lift. */
function emptyAdvice(words: boolean, liftable: boolean): string {
  if (words) return liftable ? m.widen : m.widenWords;
  return liftable ? m.widenFilters : m.addWords;
}

/**
 * `/search` (issue 16): the query box, a tab per kind of result, the filters (community, author, post
 * type, time window) and the sort, all kept in the URL; results with their matched words highlighted,
 * further pages as the reader scrolls (or with More); 'No results for "…"' with ways to widen it.
 */
export function SearchPage() {
  const params = readParams(useSearch());
  const [, navigate] = useLocation();
  const [text, setText] = useState(params.q);
  const [community, setCommunity] = useState(params.community);
  const [author, setAuthor] = useState(params.author);
  // The navbar's box and Back change the URL under the page: the fields follow it (set while
  // rendering, React's pattern for state that follows a prop).
  const fromUrl = [params.q, params.community, params.author].join('\n');
  const [fieldsFrom, setFieldsFrom] = useState(fromUrl);
  if (fieldsFrom !== fromUrl) {
    setFieldsFrom(fromUrl);
    setText(params.q);
    setCommunity(params.community);
    setAuthor(params.author);
  }

  const go = (change: Partial<SearchParams>) => navigate(hrefOf({ ...params, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ q: text.trim(), community: community.trim(), author: author.trim() });
  };

  const content = params.type === 'posts' || params.type === 'comments';
  const asked = asks(params);
  // Where the operator keeps the web search (SEARCH=external), the page only points to it.
  const external = siteConfig.externalSearch === true;
  const query = useSearchResults(params, asked && !external);
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const results = useMemo(() => data?.pages.flatMap((p) => p.results) ?? [], [data]);
  const moreButton = infiniteScrollingDisabled();
  const canLoadMore = hasNextPage && !isFetchingNextPage && !query.isFetchNextPageError;
  const sentinel = useInfiniteScroll<HTMLDivElement>(
    !moreButton && canLoadMore,
    () => void fetchNextPage(),
    data?.pages.length,
  );

  const widen: { label: string; change: Partial<SearchParams> }[] = content ? widenings(params) : [];

  return (
    <section className={styles.page} aria-labelledby="search-heading">
      <h1 id="search-heading" className={styles.heading}>
        {m.heading}
      </h1>
      <form role="search" aria-labelledby="search-heading" className={styles.form} onSubmit={submit}>
        <div className={styles.queryRow}>
          <input
            type="search"
            className={styles.input}
            aria-label={m.heading}
            placeholder={external ? m.externalPlaceholder : m.placeholder}
            value={text}
            maxLength={limits.searchQueryMax}
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="submit" variant="primary">
            {m.submit}
          </Button>
        </div>
        {!external && (
          <>
            <nav className={styles.tabs} aria-label={m.heading}>
              {SEARCH_TYPES.map((type: SearchType) => (
                <Link
                  key={type}
                  href={hrefOf({ ...params, type })}
                  className={styles.tab}
                  aria-current={params.type === type ? 'page' : undefined}
                >
                  {m.types[type]}
                </Link>
              ))}
            </nav>
            <div className={styles.filters}>
              {content && (
                <>
                  <label className={styles.filter}>
                    <span>{m.community}</span>
                    <input
                      className={styles.field}
                      value={community}
                      placeholder={m.anywhere}
                      onChange={(e) => setCommunity(e.target.value)}
                    />
                  </label>
                  <label className={styles.filter}>
                    <span>{m.author}</span>
                    <input
                      className={styles.field}
                      value={author}
                      placeholder={m.anyone}
                      onChange={(e) => setAuthor(e.target.value)}
                    />
                  </label>
                  <label className={styles.filter}>
                    <span>{m.postType}</span>
                    <select
                      className={styles.field}
                      value={params.postType}
                      onChange={(e) =>
                        go({ postType: isSearchPostType(e.target.value) ? e.target.value : '' })
                      }
                    >
                      {(['', 'text', 'image', 'link'] as const).map((value) => (
                        <option key={value} value={value}>
                          {m.postTypes[value]}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className={styles.filter}>
                    <span>{m.window}</span>
                    <select
                      className={styles.field}
                      value={params.t}
                      onChange={(e) => go({ t: isSearchWindow(e.target.value) ? e.target.value : 'all' })}
                    >
                      {SEARCH_WINDOWS.map((value) => (
                        <option key={value} value={value}>
                          {m.windows[value]}
                        </option>
                      ))}
                    </select>
                  </label>
                </>
              )}
              <label className={styles.filter}>
                <span>{m.sort}</span>
                <select
                  className={styles.field}
                  value={params.sort}
                  onChange={(e) => go({ sort: isSearchSort(e.target.value) ? e.target.value : 'relevance' })}
                >
                  {SEARCH_SORTS.map((value) => (
                    <option key={value} value={value}>
                      {m.sorts[value]}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <p className={styles.hint}>{m.syntax}</p>
          </>
        )}
      </form>

      {external ? (
        <p className={styles.message}>
          {m.external}{' '}
          <a href={searchUrl(params.q, window.location.host)} target="_blank" rel="noopener noreferrer">
            {m.externalLink(params.q)}
          </a>
        </p>
      ) : !asked ? (
        <p className={styles.message}>{m.prompt}</p>
      ) : !data && query.isError ? (
        <div role="alert" className={styles.message}>
          <p>{errorText(query.error)}</p>
          <Button onClick={() => void query.refetch()}>{messages.common.retry}</Button>
        </div>
      ) : !data ? (
        <Skeleton lines={3} count={4} label="Loading" />
      ) : results.length === 0 ? (
        <div className={styles.empty} role="status">
          <p className={styles.emptyTitle}>{params.q ? m.noResults(params.q) : m.noResultsForFilters}</p>
          <p>{emptyAdvice(params.q !== '', widen.length > 0)}</p>
          {widen.length > 0 && (
            <ul className={styles.widen}>
              {widen.map((w) => (
                <li key={w.label}>
                  <Link href={hrefOf({ ...params, ...w.change })}>{w.label}</Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <>
          <ul className={styles.results} aria-label={m.types[params.type]}>
            {results.map((result) => (
              <li key={keyOf(result)}>
                <SearchResultItem result={result} />
              </li>
            ))}
          </ul>
          {isFetchingNextPage && <Skeleton lines={3} count={2} label="Loading more" />}
          {canLoadMore && moreButton && <Button onClick={() => void fetchNextPage()}>{m.more}</Button>}
          {canLoadMore && !moreButton && (
            <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
          )}
        </>
      )}
    </section>
  );
}
