import type { Image } from '@commons/shared';
import { upload, type UploadOptions } from '../../../lib/api-client';

/**
 * Uploads one image for a post (`POST /api/_uploads`, multipart part `image`; API.md §9.1), reporting
 * its progress. Failures are ApiErrors like every other call's; aborting rejects with an AbortError.
 */
export function uploadImage(file: File, options: UploadOptions = {}): Promise<Image> {
  const form = new FormData();
  form.append('image', file, file.name);
  return upload<Image>('/_uploads', form, options);
}
