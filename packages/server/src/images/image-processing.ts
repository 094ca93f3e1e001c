import sharp, { type Metadata, type Sharp } from 'sharp';
import { copySize, type Fit } from './copies.js';
import type { ImageFormat } from './image-urls.js';

/**
 * Decoding, re-encoding and resizing with sharp (DOMAIN §10.1–§10.3). Every stored original is a JPEG of
 * quality 75 without metadata, turned upright, resized for its purpose; copies are rendered from it.
 */

// Originals are written once and read rarely, by path; libvips' operation cache would only hold memory
// (and could serve a deleted file's pixels to a new image that reuses a path).
sharp.cache(false);

/** What an image is stored for; each purpose has its box (DOMAIN §10.1). */
export type ImagePurpose = 'post' | 'link' | 'avatar' | 'banner';

export const PURPOSE_BOX: Record<ImagePurpose, { width: number; height: number; fit: Fit }> = {
  post: { width: 5000, height: 5000, fit: 'contain' },
  link: { width: 1280, height: 720, fit: 'cover' },
  avatar: { width: 2000, height: 2000, fit: 'contain' },
  banner: { width: 2000, height: 2000, fit: 'contain' },
};

/**
 * The largest decoded bitmap accepted, in pixels: a 108-megapixel phone photo fits, a small file that
 * claims 20 000 × 20 000 does not. About 300 MB of RGB at the limit.
 */
export const MAX_INPUT_PIXELS = 110_000_000;

/**
 * Raster formats only. sharp would also render SVG (an XML parser and a renderer fed by users) and
 * libvips' own formats; neither is a photo anyone needs to upload.
 */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif', 'avif', 'jp2k', 'jxl']);

export const JPEG_QUALITY = 75;

/** The input is not an image we can decode (or it is too large a bitmap). */
export class UnsupportedImageError extends Error {
  override name = 'UnsupportedImageError';
}

export interface ProcessedImage {
  /** The JPEG to store. */
  data: Buffer;
  width: number;
  height: number;
  averageColor: { r: number; g: number; b: number };
}

const decodeOptions = {
  limitInputPixels: MAX_INPUT_PIXELS,
  // Tolerate the small defects cameras and editors leave, refuse what cannot be decoded.
  failOn: 'error',
  autoOrient: true,
} as const;

/** Checks the format and the claimed size from the header, before any pixel is decoded. */
async function probe(input: Buffer): Promise<void> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, decodeOptions).metadata();
  } catch (error) {
    throw new UnsupportedImageError((error as Error).message);
  }
  if (!ACCEPTED_FORMATS.has(metadata.format)) {
    throw new UnsupportedImageError(`${metadata.format} images are not accepted`);
  }
  const { width, height } = metadata;
  if (!width || !height) throw new UnsupportedImageError('the image has no size');
  if (width * height > MAX_INPUT_PIXELS) {
    throw new UnsupportedImageError(`${width}×${height} is more than ${MAX_INPUT_PIXELS} pixels`);
  }
}

/**
 * The average colour of DOMAIN §10.3: samples on a grid of steps floor(w/100) × floor(h/100) (at least
 * 1), row by row, blended as acc = (acc + sample) / 2, returned as a chromaticity scaled to 255.
 * `pixels` is interleaved 8-bit data with `channels` values per pixel (RGB first).
 */
export function averageColor(
  pixels: Uint8Array,
  width: number,
  height: number,
  channels: number,
): { r: number; g: number; b: number } {
  const stepX = Math.max(1, Math.floor(width / 100));
  const stepY = Math.max(1, Math.floor(height / 100));
  let r = 0;
  let g = 0;
  let b = 0;
  for (let y = 0; y < height; y += stepY) {
    for (let x = 0; x < width; x += stepX) {
      const i = (y * width + x) * channels;
      const red = pixels[i]!;
      // Grey images have one channel: it stands for all three.
      const green = channels >= 3 ? pixels[i + 1]! : red;
      const blue = channels >= 3 ? pixels[i + 2]! : red;
      r = (r + red) / 2;
      g = (g + green) / 2;
      b = (b + blue) / 2;
    }
  }
  const sum = r + g + b;
  if (sum === 0) return { r: 0, g: 0, b: 0 };
  return {
    r: Math.trunc((r / sum) * 255),
    g: Math.trunc((g / sum) * 255),
    b: Math.trunc((b / sum) * 255),
  };
}

function resizeFor(
  pipeline: Sharp,
  original: { width: number; height: number },
  box: { width: number; height: number; fit: Fit },
): Sharp {
  if (box.fit === 'cover') {
    return pipeline.resize(box.width, box.height, { fit: 'cover', position: 'centre' });
  }
  // The sizes the JSON announces for contain copies (copies.ts) are the ones rendered, to the pixel.
  const size = copySize(original, box, 'contain');
  if (size.width === original.width && size.height === original.height) return pipeline;
  return pipeline.resize(size.width, size.height, { fit: 'fill' });
}

/** The upright size of an image as sharp will decode it (EXIF orientations 5–8 swap the sides). */
async function uprightSize(input: Buffer | string): Promise<{ width: number; height: number }> {
  const metadata = await sharp(input, decodeOptions).metadata();
  return { width: metadata.autoOrient.width, height: metadata.autoOrient.height };
}

/**
 * Decodes an uploaded image (first frame only), turns it upright, drops every piece of metadata,
 * flattens transparency onto white, resizes it for `purpose` and encodes it as a JPEG of quality 75.
 * Throws UnsupportedImageError for anything that is not a decodable raster image within the pixel limit.
 */
export async function processImage(input: Buffer, purpose: ImagePurpose): Promise<ProcessedImage> {
  await probe(input);
  try {
    const original = await uprightSize(input);
    const pipeline = resizeFor(
      sharp(input, decodeOptions).flatten({ background: '#ffffff' }),
      original,
      PURPOSE_BOX[purpose],
    );
    // One decode: the pixels give the average colour and then become the JPEG.
    const { data, info } = await pipeline
      .toColourspace('srgb')
      .removeAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const jpeg = await sharp(data, { raw }).jpeg({ quality: JPEG_QUALITY }).toBuffer();
    return {
      data: jpeg,
      width: info.width,
      height: info.height,
      averageColor: averageColor(data, info.width, info.height, info.channels),
    };
  } catch (error) {
    throw new UnsupportedImageError((error as Error).message);
  }
}

export interface CopyTarget {
  width: number;
  height: number;
  fit: Fit;
}

/**
 * Renders a stored original as a copy: resized to `box` (cover fills it exactly, contain shrinks to fit)
 * and encoded as `format`. With no box, or a box at least the original's size, only the format changes.
 */
export async function renderCopy(
  originalPath: string,
  original: { width: number; height: number },
  box: CopyTarget | null,
  format: ImageFormat,
): Promise<Buffer> {
  const fitsWhole = !box || (box.width >= original.width && box.height >= original.height);
  let pipeline = sharp(originalPath, decodeOptions);
  if (!fitsWhole) pipeline = resizeFor(pipeline, original, box);
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: JPEG_QUALITY }).toBuffer();
    case 'png':
      return pipeline.png().toBuffer();
    case 'webp':
      return pipeline.webp({ quality: JPEG_QUALITY }).toBuffer();
  }
}
