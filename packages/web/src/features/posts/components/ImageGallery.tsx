import { useEffect, useEffectEvent, useRef, type CSSProperties, type PointerEvent } from 'react';
import { ui, type Image } from '@commons/shared';
import { Icon } from '../../../components/ui/Icon';
import { altText, responsiveImage } from '../post-images';
import styles from './ImageGallery.module.css';

/** Arrow keys belong to whatever is being typed in, and to open menus and dialogs. */
function keyIsTaken(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return true;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('input, textarea, select, [role="menu"], [role="dialog"], [role="listbox"]'))
    return true;
  return false;
}

/** How far a finger must travel sideways for a swipe to turn the image. */
const SWIPE_PX = 40;

/** The next index, wrapping around at both ends (core §4). */
export function wrapIndex(index: number, step: number, count: number): number {
  return (((index + step) % count) + count) % count;
}

/**
 * A post's images one at a time, with Previous and Next buttons, a swipe, and the arrow keys (when
 * focus is not in a field); it wraps around.
 */
export function ImageGallery({
  images,
  title,
  index,
  onIndexChange,
}: {
  images: Image[];
  title: string;
  index: number;
  onIndexChange: (index: number) => void;
}) {
  const count = images.length;
  const current = Math.min(index, count - 1);
  const image = images[current]!;
  const { src, srcSet } = responsiveImage(image);
  const go = (step: number) => onIndexChange(wrapIndex(current, step, count));
  // The frame is as tall as the tallest image is shown (fitted to the frame's width, never scaled up),
  // so that turning the images never moves what is below the gallery; the others are letterboxed on
  // their average colour. `cqw`: the gallery's width (a size container).
  const fit = `max(${images.map((i) => `min(${i.height}px, ${i.height / i.width} * 100cqw)`).join(', ')})`;
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (keyIsTaken(event)) return;
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
  });

  useEffect(() => {
    if (count < 2) return;
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [count]);

  // A finger's swipe across the image turns it, as on every phone's gallery: mostly sideways and
  // far enough to be meant. The page still scrolls up and down under it (touch-action: pan-y).
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const swipeHandlers =
    count > 1
      ? {
          onPointerDown: (event: PointerEvent) => {
            swipe.current = event.pointerType === 'mouse' ? null : { x: event.clientX, y: event.clientY };
          },
          onPointerUp: (event: PointerEvent) => {
            const start = swipe.current;
            swipe.current = null;
            if (!start) return;
            const dx = event.clientX - start.x;
            const dy = event.clientY - start.y;
            if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > 1.5 * Math.abs(dy)) go(dx < 0 ? 1 : -1);
          },
          onPointerCancel: () => {
            swipe.current = null;
          },
        }
      : {};

  return (
    <figure className={styles.gallery} aria-label={count > 1 ? `Images of ${title}` : undefined}>
      <div
        className={`${styles.frame} ${count > 1 ? styles.swipeable : ''}`}
        style={{ backgroundColor: image.averageColor, '--fit': fit } as CSSProperties}
        {...swipeHandlers}
      >
        <img
          key={image.id}
          className={styles.image}
          src={src}
          srcSet={srcSet}
          sizes={ui.postImageSizes}
          width={image.width}
          height={image.height}
          alt={altText(image, title)}
          decoding="async"
        />
        {count > 1 && (
          <>
            <button
              type="button"
              className={`${styles.nav} ${styles.previous}`}
              aria-label="Previous image"
              onClick={() => go(-1)}
            >
              <Icon name="chevronLeft" size={22} />
            </button>
            <button
              type="button"
              className={`${styles.nav} ${styles.next}`}
              aria-label="Next image"
              onClick={() => go(1)}
            >
              <Icon name="chevronRight" size={22} />
            </button>
          </>
        )}
      </div>
      {count > 1 && (
        <figcaption className={styles.counter} aria-live="polite">
          Image {current + 1} of {count}
        </figcaption>
      )}
    </figure>
  );
}
