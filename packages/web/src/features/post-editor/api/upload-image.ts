import type { ErrorBody, Image } from '@commons/shared';
import { ApiError, csrfToken } from '../../../lib/api-client';
import { storage } from '../../../lib/storage';

export interface UploadOptions {
  /** The share of the file sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Uploads one image for a post (`POST /api/_uploads`, multipart part `image`; API.md §9.1). It goes
 * through XMLHttpRequest because fetch cannot report upload progress. Failures are ApiErrors like every
 * other call's (status 0 when the request never arrived); aborting rejects with an AbortError.
 */
export function uploadImage(file: File, options: UploadOptions = {}): Promise<Image> {
  return new Promise((resolve, reject) => {
    const { signal, onProgress } = options;
    if (signal?.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    form.append('image', file, file.name);

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      done();
      const token = xhr.getResponseHeader('Csrf-Token');
      if (token) storage.set('csrftoken', token);
      const json = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && json) {
        onProgress?.(1);
        resolve(json as Image);
      } else {
        reject(new ApiError(xhr.status, json as ErrorBody | null));
      }
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new ApiError(0, null));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(new DOMException('Upload aborted', 'AbortError'));
    });

    xhr.open('POST', '/api/_uploads');
    xhr.setRequestHeader('X-Csrf-Token', csrfToken());
    xhr.send(form);
  });
}
