import type { Image } from '@commons/shared';

/**
 * The URL of the copy named `name` (API.md §5.1 copy sets). When the copy is missing the original is
 * used and the mismatch is logged (core §8).
 */
export function copyUrl(image: Image, name: string): string {
  const copy = image.copies.find((c) => c.name === name);
  if (copy) return copy.url;
  console.error(`Image ${image.id} has no "${name}" copy; using the original.`);
  return image.url;
}

/** `src` and `srcset` from the copies scaled to fit (cover copies are crops, so they are left out). */
export function responsiveImage(image: Image): { src: string; srcSet: string | undefined } {
  const contain = image.copies
    .filter((c) => c.objectFit === 'contain')
    .sort((a, b) => a.width - b.width)
    // Copies never scale up, so small originals give several copies of one width; keep one each.
    .filter((c, i, all) => i === 0 || all[i - 1]!.width !== c.width);
  if (contain.length === 0) return { src: image.url, srcSet: undefined };
  const fallback = contain.find((c) => c.width >= 720) ?? contain.at(-1)!;
  return { src: fallback.url, srcSet: contain.map((c) => `${c.url} ${c.width}w`).join(', ') };
}

/** The image's own description, else the post's title (every image needs a text alternative). */
export function altText(image: Image, title: string): string {
  return image.altText?.trim() || title;
}
