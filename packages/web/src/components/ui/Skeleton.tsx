import { useEffect, useState } from 'react';
import { ui } from '@commons/shared';
import styles from './Skeleton.module.css';

/** True once `ms` have passed: fast loads then show no skeleton flash at all (core §9: 80 ms). */
export function useDelayed(ms: number = ui.skeletonDelayMs): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPassed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return passed;
}

interface Props {
  lines?: number;
  /** Blocks of skeleton cards, e.g. 7 for a feed. */
  count?: number;
  delayMs?: number;
  label?: string;
}

/** Placeholder shapes while content loads, after a short delay. */
export function Skeleton({ lines = 3, count = 1, delayMs = ui.skeletonDelayMs, label = 'Loading' }: Props) {
  const visible = useDelayed(delayMs);
  if (!visible) return null;
  return (
    <div role="status" aria-label={label} className={styles.group}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.card}>
          {Array.from({ length: lines }, (_, j) => (
            <div key={j} className={styles.line} style={{ width: `${j === 0 ? 60 : 95 - j * 12}%` }} />
          ))}
        </div>
      ))}
    </div>
  );
}
