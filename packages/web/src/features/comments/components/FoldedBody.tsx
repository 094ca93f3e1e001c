import { useEffect, useRef, useState, type ReactNode } from 'react';
import { messages } from '@commons/shared';
import styles from './Comments.module.css';

/** One observer for every comment body on the page; each body's callback by its elements. */
const sized = new Map<Element, () => void>();
let sizeObserver: ResizeObserver | null = null;

function observeSize(element: HTMLElement, onResize: () => void): () => void {
  sizeObserver ??= new ResizeObserver((entries) => {
    for (const entry of entries) sized.get(entry.target)?.();
  });
  const targets = [element, ...element.children];
  for (const target of targets) {
    sized.set(target, onResize);
    sizeObserver.observe(target);
  }
  return () => {
    for (const target of targets) {
      sized.delete(target);
      sizeObserver?.unobserve(target);
    }
  };
}

/**
 * A comment's text, folded when it is long: to 250 px on phones, 500 px elsewhere (core §9), with a
 * button to read the rest.
 */
export function FoldedBody({ mobile, children }: { mobile: boolean; children: ReactNode }) {
  const limit = mobile ? 250 : 500;
  const ref = useRef<HTMLDivElement>(null);
  const [long, setLong] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Measured when the observer reports, after layout: measuring here would force a layout per
    // comment, which was the largest cost of showing a long thread. It reports once at the start, and
    // again when the markdown replaces the plain fallback or images and embeds grow the text.
    return observeSize(element, () => setLong(element.scrollHeight > limit + 1));
  }, [limit]);
  return (
    <>
      <div
        ref={ref}
        className={`${styles.body} ${long && !open ? styles.folded : ''}`}
        style={long && !open ? { maxHeight: limit } : undefined}
        dir="auto"
        data-comment-body
      >
        {children}
      </div>
      {long && (
        <button
          type="button"
          className={styles.textButton}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? messages.common.showLess : 'Read more'}
        </button>
      )}
    </>
  );
}
