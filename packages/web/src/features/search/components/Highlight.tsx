import type { HighlightRun } from '@commons/shared';
import styles from './SearchPage.module.css';

/** Highlighted text from the server: plain text runs, the matched words in <mark>. Never markup. */
export function Highlight({ runs }: { runs: HighlightRun[] }) {
  return (
    <>
      {runs.map((run, i) =>
        run.match ? (
          <mark key={i} className={styles.mark}>
            {run.text}
          </mark>
        ) : (
          <span key={i}>{run.text}</span>
        ),
      )}
    </>
  );
}
