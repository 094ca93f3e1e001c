import fs from 'node:fs/promises';
import { limits, truncateChars, type Image } from '@commons/shared';
import type { Config } from '../config.js';
import type { Deps } from '../deps.js';
import { errors } from '../lib/errors.js';
import { newId, parseId } from '../lib/ids.js';
import { siteRole } from '../policies/roles.policy.js';
import { mayEditAltText } from '../policies/users.policy.js';
import type { UserRow } from '../users/users.repository.js';
import { sizeText, isValidSignature, type ImageFormat } from './image-urls.js';
import {
  processImage,
  renderCopy,
  UnsupportedImageError,
  type CopyTarget,
  type ImagePurpose,
} from './image-processing.js';
import { copyPath, deleteImageFiles, imagesRoot, originalPath, writeFileAtomic } from './image-store.js';
import { presentImage } from './images.presenter.js';
import {
  deleteImageRows,
  findImageById,
  insertImage,
  insertTempImage,
  isImageOfCommunityModdedBy,
  isImageOfPostBy,
  isProfilePictureOf,
  isTemporaryImageOf,
  setAltText as updateAltText,
  takeStaleTemporaryImages,
  type ImageRow,
} from './images.repository.js';

type Storing = Pick<Deps, 'db'> & { config: Pick<Config, 'dataDir'> };

/** Uploads not claimed by a post within this long are deleted (DOMAIN §10.7). */
export const TEMPORARY_IMAGE_LIFETIME_MS = 12 * 3600 * 1000;

/**
 * Processes an image for `purpose` (DOMAIN §10.1), writes the file, and records the `images` row.
 * Throws UnsupportedImageError when `input` is not a decodable image; callers choose the error code
 * (`unsupported-image-format`, or `unsupported_image` for community images).
 */
export async function storeImage(deps: Storing, input: Buffer, purpose: ImagePurpose): Promise<ImageRow> {
  const processed = await processImage(input, purpose);
  const id = newId();
  const root = imagesRoot(deps.config.dataDir);
  await writeFileAtomic(originalPath(root, id), processed.data, true);
  try {
    return await insertImage(deps.db, {
      id,
      format: 'jpeg',
      width: processed.width,
      height: processed.height,
      size: processed.data.length,
      upload_size: input.length,
      average_r: processed.averageColor.r,
      average_g: processed.averageColor.g,
      average_b: processed.averageColor.b,
    });
  } catch (error) {
    await deleteImageFiles(root, id);
    throw error;
  }
}

/** `storeImage` for a user's upload: one that is not an image is the contract's `unsupported-image-format`. */
export async function storeUpload(deps: Storing, input: Buffer, purpose: ImagePurpose): Promise<ImageRow> {
  try {
    return await storeImage(deps, input, purpose);
  } catch (error) {
    if (error instanceof UnsupportedImageError) throw errors.unsupportedImageFormat();
    throw error;
  }
}

/**
 * `POST /api/_uploads` (API.md §9.1): an image for a post, kept as a temporary upload of the viewer
 * until a post claims it. `readUpload` reads the request's image part; it is called only once the
 * viewer may upload, so refused requests never have their body read.
 */
export async function uploadPostImage(
  deps: Deps,
  viewer: UserRow | null,
  readUpload: () => Promise<Buffer>,
): Promise<Image> {
  if (deps.config.imagePostsDisabled) {
    throw errors.noImagePosts();
  }
  if (!viewer) throw errors.notLoggedIn();
  await deps.limiter.consume('uploadImage', viewer.id);
  const row = await storeUpload(deps, await readUpload(), 'post');
  try {
    await insertTempImage(deps.db, row.id, viewer.id);
  } catch (error) {
    // Not listed as temporary, nothing would ever delete it.
    await deleteImages(deps, [row.id]);
    throw error;
  }
  return presentImage(row, null, deps.secrets.imageKey);
}

/** Whether the image is the viewer's: their profile picture, in their post, their upload, or their community's. */
async function isImageOf(deps: Pick<Deps, 'db'>, viewer: UserRow, imageId: string): Promise<boolean> {
  const checks = await Promise.all([
    isProfilePictureOf(deps.db, imageId, viewer.id),
    isImageOfPostBy(deps.db, imageId, viewer.id),
    isTemporaryImageOf(deps.db, imageId, viewer.id),
    isImageOfCommunityModdedBy(deps.db, imageId, viewer.id),
  ]);
  return checks.some(Boolean);
}

/**
 * `PUT /api/images/{imageId}` (API.md §9.2): sets the alt text, cut to 1024 characters. "" clears it
 * (stored as "", answered as null).
 */
export async function setAltText(
  deps: Deps,
  viewer: UserRow | null,
  rawImageId: string,
  altText: string,
): Promise<Image> {
  if (!viewer) throw errors.notLoggedIn();
  const imageId = parseId(rawImageId);
  if (!imageId) throw errors.invalidImageId();
  const image = await findImageById(deps.db, imageId);
  if (!image) throw errors.imageNotFound();
  if (!mayEditAltText(siteRole(viewer), await isImageOf(deps, viewer, imageId))) {
    throw errors.permissionDenied();
  }
  const row = await updateAltText(deps.db, imageId, truncateChars(altText, limits.altTextMax));
  if (!row) throw errors.imageNotFound();
  return presentImage(row, null, deps.secrets.imageKey);
}

/**
 * Deletes images: their rows (with every link to them) and then their files and cached copies. Pass
 * the caller's transaction as `deps.db` to delete the rows with the rest of its work; the files go at
 * once, so call it last.
 */
export async function deleteImages(deps: Storing, ids: readonly string[]): Promise<number> {
  const deleted = await deleteImageRows(deps.db, ids);
  const root = imagesRoot(deps.config.dataDir);
  for (const id of deleted) await deleteImageFiles(root, id);
  return deleted.length;
}

/**
 * The hourly job of DOMAIN §10.7: uploads older than 12 hours that no post uses are deleted, rows,
 * files and cached copies. Returns how many.
 */
export async function deleteTemporaryImages(deps: Storing & Pick<Deps, 'clock'>): Promise<number> {
  const before = new Date(deps.clock().getTime() - TEMPORARY_IMAGE_LIFETIME_MS);
  const stale = await takeStaleTemporaryImages(deps.db, before);
  return deleteImages(deps, stale);
}

export interface ImageRequest {
  id: string;
  format: ImageFormat;
  /** The size text as given in the URL ("N" or "WxH"); absent for the original. */
  size?: { text: string; width: number; height: number; fit: 'cover' | 'contain' };
  signature: string;
}

export interface ImageFile {
  path: string;
  bytes: number;
  format: ImageFormat;
}

/** At most two conversions run at once (DOMAIN §10.5); the rest wait their turn. */
const MAX_CONVERSIONS = 2;
let conversionsRunning = 0;
const conversionQueue: Array<() => void> = [];

async function withConversionSlot<T>(work: () => Promise<T>): Promise<T> {
  if (conversionsRunning >= MAX_CONVERSIONS) {
    await new Promise<void>((resolve) => conversionQueue.push(resolve));
  } else {
    conversionsRunning++;
  }
  try {
    return await work();
  } finally {
    const next = conversionQueue.shift();
    // The slot passes straight to the next waiter, so the count never dips and lets a third one in.
    if (next) next();
    else conversionsRunning--;
  }
}

/** Renders of the same copy asked for at once share one conversion. */
const rendering = new Map<string, Promise<void>>();

async function fileSize(file: string): Promise<number | null> {
  try {
    return (await fs.stat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The image server's rule (API.md §17.3, DOMAIN §10.5): checks the signature (not in development
 * mode), finds the image, and returns the file to send: the original, or a copy rendered on first
 * request and cached beside it. A box at least the original's size serves the original size.
 */
export async function imageFile(
  deps: Pick<Deps, 'db' | 'config' | 'secrets'>,
  request: ImageRequest,
): Promise<ImageFile> {
  const { id, format, size } = request;
  if (
    !deps.config.development &&
    !isValidSignature(deps.secrets.imageKey, id, format, request.signature, size?.text, size?.fit)
  ) {
    throw errors.imageSignatureInvalid();
  }
  const image = await findImageById(deps.db, id);
  if (!image) throw errors.imageFileNotFound();
  const root = imagesRoot(deps.config.dataDir);
  const original = originalPath(root, id, image.format);
  const whole = !size || (size.width >= image.width && size.height >= image.height);

  if (whole && format === image.format) {
    const bytes = await fileSize(original);
    if (bytes === null) throw errors.imageFileNotFound();
    return { path: original, bytes, format };
  }
  const box: CopyTarget | null =
    whole || !size ? null : { width: size.width, height: size.height, fit: size.fit };
  const cached = box
    ? copyPath(root, id, sizeText(box.width, box.height), box.fit, format)
    : copyPath(root, id, '0', '', format);

  let bytes = await fileSize(cached);
  if (bytes === null) {
    let pending = rendering.get(cached);
    if (!pending) {
      pending = withConversionSlot(async () => {
        if ((await fileSize(original)) === null) throw errors.imageFileNotFound();
        const data = await renderCopy(original, image, box, format);
        await writeFileAtomic(cached, data, false);
      }).finally(() => rendering.delete(cached));
      rendering.set(cached, pending);
    }
    await pending;
    bytes = await fileSize(cached);
    if (bytes === null) throw errors.imageFileNotFound();
  }
  return { path: cached, bytes, format };
}
