import type { Image } from '@commons/shared';
import { api } from '../../../lib/api-client';

/** `PUT /api/images/{imageId}` (API.md §9.2): "" clears the alt text. */
export function saveAltText(imageId: string, altText: string): Promise<Image> {
  return api<Image>(`/images/${encodeURIComponent(imageId)}`, { method: 'PUT', body: { altText } });
}
