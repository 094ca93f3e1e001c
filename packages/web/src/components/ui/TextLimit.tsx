import { useCallback, useState } from 'react';
import { charLength, messages, truncateChars } from '@commons/shared';
import styles from './TextLimit.module.css';

/** The remaining characters show from this share of the limit on. */
const NEAR_SHARE = 0.9;

const nearFrom = (max: number) => Math.floor(max * NEAR_SHARE);

/** Whether the count shows (and so whether a field may point its aria-describedby at it). */
export function isNearLimit(value: string, max: number): boolean {
  return charLength(value) >= nearFrom(max);
}

/**
 * A text limit (core §5: fields with a limit truncate to it) that remembers when it cut, so the field
 * can say so instead of dropping text silently. The note stays while the text is near the limit.
 */
export function useTextLimit(max: number): {
  cut: boolean;
  clip: (value: string) => string;
  reset: () => void;
} {
  const [cut, setCut] = useState(false);
  const clip = useCallback(
    (value: string) => {
      const clipped = truncateChars(value, max);
      const wasCut = clipped !== value;
      setCut((before) => wasCut || (before && charLength(clipped) >= nearFrom(max)));
      return clipped;
    },
    [max],
  );
  const reset = useCallback(() => setCut(false), []);
  return { cut, clip, reset };
}

type Band = 'far' | 'near' | 'full';

interface Props {
  /** For the field's aria-describedby: the visible count of remaining characters. */
  id: string;
  value: string;
  max: number;
  cut: boolean;
  /** False where the field shows its own count already (title, descriptions). */
  counter?: boolean;
}

/**
 * The remaining characters near the limit, and a note when text was cut. Screen readers hear it once
 * when the text comes near the limit, reaches it or is cut, not at every keystroke: the count itself
 * is read with the field, through aria-describedby.
 */
export function TextLimit({ id, value, max, cut, counter = true }: Props) {
  const length = charLength(value);
  const remaining = max - length;
  const band: Band = remaining <= 0 ? 'full' : length >= nearFrom(max) ? 'near' : 'far';
  const [announced, setAnnounced] = useState<{ band: Band; cut: boolean; text: string }>({
    band: 'far',
    cut: false,
    text: '',
  });
  if (announced.band !== band || announced.cut !== cut) {
    setAnnounced({
      band,
      cut,
      text: cut
        ? messages.common.textCut(max)
        : band === 'far'
          ? ''
          : messages.common.charactersLeft(remaining),
    });
  }

  const shows = cut || (counter && band !== 'far');
  return (
    <>
      {shows && (
        <div className={styles.limit}>
          {cut && <p className={styles.cut}>{messages.common.textCut(max)}</p>}
          {counter && band !== 'far' && (
            <span id={id} className={`${styles.counter} ${band === 'full' ? styles.full : ''}`}>
              {messages.common.charactersLeft(remaining)}
            </span>
          )}
        </div>
      )}
      {/* Always on the page: a live region only speaks of changes after it was there. */}
      <span className="visually-hidden" aria-live="polite">
        {announced.text}
      </span>
    </>
  );
}
