import type { Image } from '@commons/shared';
import { COPY_SETS, copySize, type CopySet } from './copies.js';
import { imageUrl } from './image-urls.js';
import type { ImageRow } from './images.repository.js';

/**
 * The Image of API.md §5.1. `copies` lists the named copies of the context (post image, link thumbnail,
 * avatar, banner); uploads and alt-text answers have none.
 */
export function presentImage(row: ImageRow, copySet: CopySet | null, key: Buffer): Image {
  const format = row.format;
  return {
    id: row.id,
    format,
    mimetype: `image/${format}`,
    width: row.width,
    height: row.height,
    size: row.size,
    averageColor: `rgb(${row.average_r},${row.average_g},${row.average_b})`,
    url: imageUrl(key, row.id, format),
    copies: (copySet ? COPY_SETS[copySet] : []).map((spec) => {
      const size = copySize(row, spec, spec.fit);
      return {
        name: spec.name,
        width: size.width,
        height: size.height,
        boxWidth: spec.width,
        boxHeight: spec.height,
        objectFit: spec.fit,
        format,
        url: imageUrl(key, row.id, format, spec),
      };
    }),
    altText: row.alt_text || null,
  };
}
