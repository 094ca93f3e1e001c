import { useEffect, useRef, useState } from 'react';
import { limits, messages, truncateChars, type Image } from '@commons/shared';
import { siteConfig } from '../../../app/site-config';
import { showAlert } from '../../../components/ui/Toasts';
import { ApiError, errorText } from '../../../lib/api-client';
import { uploadImage } from '../api/upload-image';

export interface UploadItem {
  key: string;
  name: string;
  /** A local copy of the file, shown at once. */
  previewUrl: string;
  status: 'waiting' | 'uploading' | 'done';
  /** 0 to 1. */
  progress: number;
  /** The server's image once uploaded. */
  image: Image | null;
  altText: string;
  /** The alt text the server has (null on upload); the editor saves changes at submit. */
  savedAltText: string;
}

/** The upload errors the specification names (core §8), else the generic texts. */
export function uploadErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'file_size_exceeded') return messages.images.fileTooLarge;
    if (error.code === 'unsupported-image-format' || error.code === 'unsupported_image') {
      return messages.images.unsupported;
    }
  }
  return errorText(error);
}

let nextKey = 1;

/**
 * The images of an image post: files are uploaded one at a time in the order they were added (each
 * with its progress), can be removed at any time (an upload in progress is cancelled), and carry their
 * alt text. At most 10 images: a selection that would go over is refused as a whole.
 */
export function useImageUploads() {
  const [items, setItems] = useState<UploadItem[]>([]);
  const count = useRef(0);
  const queue = useRef<{ key: string; file: File }[]>([]);
  const uploading = useRef<{ key: string; controller: AbortController } | null>(null);
  const previews = useRef(new Map<string, string>());

  const update = (key: string, change: Partial<UploadItem>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const forget = (key: string) => {
    const url = previews.current.get(key);
    if (url) URL.revokeObjectURL(url);
    previews.current.delete(key);
    count.current -= 1;
    setItems((list) => list.filter((item) => item.key !== key));
  };

  const pump = () => {
    if (uploading.current) return;
    const next = queue.current.shift();
    if (!next) return;
    const controller = new AbortController();
    uploading.current = { key: next.key, controller };
    update(next.key, { status: 'uploading', progress: 0 });
    uploadImage(next.file, {
      signal: controller.signal,
      onProgress: (progress) => update(next.key, { progress }),
    })
      .then((image) => update(next.key, { status: 'done', progress: 1, image }))
      .catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        forget(next.key);
        showAlert(uploadErrorText(error), { tone: 'error' });
      })
      .finally(() => {
        if (uploading.current?.key === next.key) uploading.current = null;
        pump();
      });
  };

  /**
   * Adds image files (others are refused with "Unsupported image.", files over the size limit with
   * "Maximum file size exceeded."). Returns false when the selection would pass the site's image limit.
   */
  const add = (files: File[]): boolean => {
    if (files.length === 0) return true;
    if (count.current + files.length > siteConfig.maxImagesPerPost) return false;
    const accepted: UploadItem[] = [];
    for (const file of files) {
      if (!file.type.startsWith('image/')) {
        showAlert(messages.images.unsupported, { tone: 'error' });
        continue;
      }
      if (file.size > siteConfig.maxImageSize) {
        showAlert(messages.images.fileTooLarge, { tone: 'error' });
        continue;
      }
      const key = `upload-${nextKey++}`;
      const previewUrl = URL.createObjectURL(file);
      previews.current.set(key, previewUrl);
      queue.current.push({ key, file });
      accepted.push({
        key,
        name: file.name,
        previewUrl,
        status: 'waiting',
        progress: 0,
        image: null,
        altText: '',
        savedAltText: '',
      });
    }
    count.current += accepted.length;
    setItems((list) => [...list, ...accepted]);
    pump();
    return true;
  };

  const remove = (key: string) => {
    queue.current = queue.current.filter((entry) => entry.key !== key);
    if (uploading.current?.key === key) {
      uploading.current.controller.abort();
      uploading.current = null;
    }
    forget(key);
    pump();
  };

  const setAltText = (key: string, altText: string) =>
    update(key, { altText: truncateChars(altText, limits.altTextMax) });

  const markAltTextSaved = (key: string, altText: string) => update(key, { savedAltText: altText });

  // Leaving the editor cancels what is still uploading and frees the local copies.
  useEffect(() => {
    const urls = previews.current;
    return () => {
      queue.current = [];
      uploading.current?.controller.abort();
      uploading.current = null;
      for (const url of urls.values()) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  return { items, add, remove, setAltText, markAltTextSaved };
}
