import { useId, useMemo } from 'react';
import type { AnalyticsEvent } from '@commons/shared';
import { useIsMobileLayout } from '../../../lib/device';
import { chartScale, dailyActivity, linePath, type DayPoint } from '../activity';
import styles from './Admin.module.css';

/** The drawing's width in its own units: narrower on phones, so its 11-unit text stays readable. */
const WIDE = 640;
const NARROW = 360;
const HEIGHT = 200;
/** Room for the count labels on the left and the dates under the plot. */
const LEFT = 40;
const BOTTOM = 24;
const TOP = 8;

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

const hasValue = (values: (number | null)[], index: number) =>
  values[index] !== undefined && values[index] !== null;

function describe(points: DayPoint[]): string {
  const known = points.filter((p) => p.users !== null);
  if (known.length === 0) return 'No snapshots in the last 30 days.';
  const last = known.at(-1)!;
  const peak = Math.max(...known.map((p) => p.users ?? 0));
  return `Over the last 30 days: at most ${peak} active users in a day; on ${last.day}, ${last.users ?? 0} active users and ${last.posts ?? 0} posts.`;
}

/**
 * Active users and posts per day over the last 30 days, drawn as two lines in plain SVG. Colours come
 * from the theme, so it reads in light and dark alike; the lines differ in dash too, not only in hue.
 */
export function ActivityChart({ events, now }: { events: AnalyticsEvent[]; now: Date }) {
  const titleId = useId();
  const WIDTH = useIsMobileLayout() ? NARROW : WIDE;
  const points = useMemo(() => dailyActivity(events, now), [events, now]);
  const users = points.map((p) => p.users);
  const posts = points.map((p) => p.posts);
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - BOTTOM - TOP;
  const scale = chartScale([...users, ...posts], points.length, plotWidth, plotHeight);
  const labelEvery = 7;
  return (
    <figure className={`${styles.card} ${styles.figure}`} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.chartTitle}>
        Activity per day, last 30 days
      </h3>
      <ul className={styles.legend}>
        <li>
          <span className={styles.swatch} aria-hidden="true" />
          Active users
        </li>
        <li>
          <span className={`${styles.swatch} ${styles.swatchPosts}`} aria-hidden="true" />
          Posts
        </li>
      </ul>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={describe(points)}
      >
        <g transform={`translate(${LEFT} ${TOP})`}>
          {scale.ticks.map((tick) => (
            <g key={tick}>
              <line className={styles.gridLine} x1={0} x2={plotWidth} y1={scale.y(tick)} y2={scale.y(tick)} />
              <text className={styles.axisText} x={-8} y={scale.y(tick)} dy="0.32em" textAnchor="end">
                {tick}
              </text>
            </g>
          ))}
          {points.map((point, index) =>
            (points.length - 1 - index) % labelEvery === 0 ? (
              <text
                key={point.day}
                className={styles.axisText}
                x={scale.x(index)}
                y={plotHeight + 16}
                textAnchor={index === 0 ? 'start' : index === points.length - 1 ? 'end' : 'middle'}
              >
                {dayLabel.format(new Date(`${point.day}T00:00:00Z`))}
              </text>
            ) : null,
          )}
          <path className={styles.postsLine} d={linePath(posts, scale)} />
          <path className={styles.usersLine} d={linePath(users, scale)} />
          {/* A lone day has no neighbour to draw a line to: a dot shows it. */}
          {users.map((value, index) =>
            value !== null && !hasValue(users, index - 1) && !hasValue(users, index + 1) ? (
              <circle key={index} cx={scale.x(index)} cy={scale.y(value)} r={3.5} fill="var(--accent)" />
            ) : null,
          )}
          {posts.map((value, index) =>
            value !== null && !hasValue(posts, index - 1) && !hasValue(posts, index + 1) ? (
              <circle key={index} cx={scale.x(index)} cy={scale.y(value)} r={3} fill="var(--vote-down)" />
            ) : null,
          )}
        </g>
      </svg>
    </figure>
  );
}
