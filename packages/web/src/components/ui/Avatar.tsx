import type { Image } from '@commons/shared';
import styles from './Avatar.module.css';

/** Eight colours, each dark enough for white text in both themes (core §9: by first letter). */
const COLORS = ['#b42318', '#a4480a', '#1b6b3a', '#075e8c', '#5b2bc9', '#a3155f', '#0b6472', '#4a5565'];

export function avatarColor(name: string): string {
  const code = name.toLowerCase().charCodeAt(0) || 0;
  return COLORS[code % COLORS.length]!;
}

/** The copy whose box best fits `size` CSS pixels on a 2× screen, else the original. */
function pictureUrl(image: Image, size: number): string {
  const wanted = size * 2;
  const copy = [...image.copies].sort((a, b) => a.width - b.width).find((c) => c.width >= wanted);
  return copy?.url ?? image.url;
}

export function Avatar({ name, image, size = 32 }: { name: string; image?: Image | null; size?: number }) {
  const dimension = { width: size, height: size };
  if (image) {
    return (
      <img
        className={styles.avatar}
        src={pictureUrl(image, size)}
        alt=""
        {...dimension}
        style={{ background: image.averageColor }}
        loading="lazy"
      />
    );
  }
  return (
    <span
      className={`${styles.avatar} ${styles.letter}`}
      style={{ ...dimension, background: avatarColor(name), fontSize: Math.round(size * 0.45) }}
      aria-hidden="true"
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
