import type { Image } from '@commons/shared';
import { avatarColor, communityColor } from './avatar-color';
import styles from './Avatar.module.css';

/** The copy whose box best fits `size` CSS pixels on a 2× screen, else the original. */
function pictureUrl(image: Image, size: number): string {
  const wanted = size * 2;
  const copy = [...image.copies].sort((a, b) => a.width - b.width).find((c) => c.width >= wanted);
  return copy?.url ?? image.url;
}

interface Props {
  name: string;
  image?: Image | null;
  size?: number;
  /** Without an image, users get a colour by first letter (core §9), communities one from the whole name. */
  kind?: 'user' | 'community';
  /**
   * The page's own picture (a profile's or a community's header) reads out its alt text; everywhere
   * else it sits beside the name it pictures, and says nothing.
   */
  described?: boolean;
}

export function Avatar({ name, image, size = 32, kind = 'user', described = false }: Props) {
  const dimension = { width: size, height: size };
  if (image) {
    return (
      <img
        className={styles.avatar}
        src={pictureUrl(image, size)}
        alt={described ? (image.altText ?? '') : ''}
        {...dimension}
        style={{ background: image.averageColor }}
        loading="lazy"
      />
    );
  }
  return (
    <span
      className={`${styles.avatar} ${styles.letter}`}
      style={{
        ...dimension,
        background: kind === 'community' ? communityColor(name) : avatarColor(name),
        fontSize: Math.round(size * 0.45),
      }}
      aria-hidden="true"
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
