import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Fit } from './copies.js';
import type { ImageFormat } from './image-urls.js';

/**
 * Image files on disk (DOMAIN §10.4): `<dataDir>/images/<h[0:2]>/<h[2]>/<h[3:]>.<format>`, where h is
 * the hex SHA-1 of the 12 id bytes, and cached copies beside it as `<h[3:]>_<size>_<fit>.<ext>`. Hashing
 * spreads images evenly over 4096 folders whatever the ids look like (they start with a timestamp).
 */

/** The folder that holds every image file. */
export function imagesRoot(dataDir: string): string {
  return path.join(dataDir, 'images');
}

function hashOf(id: string): string {
  return crypto.createHash('sha1').update(Buffer.from(id, 'hex')).digest('hex');
}

function folderOf(root: string, h: string): string {
  return path.join(root, h.slice(0, 2), h.slice(2, 3));
}

/** The stored original (always `jpeg` in practice: originals are re-encoded). */
export function originalPath(root: string, id: string, format: ImageFormat = 'jpeg'): string {
  const h = hashOf(id);
  return path.join(folderOf(root, h), `${h.slice(3)}.${format}`);
}

/**
 * A cached copy. `size` is the copy's size text ("N" or "WxH"); the original size in another format is
 * size "0" with no fit, as in the URL signature.
 */
export function copyPath(root: string, id: string, size: string, fit: Fit | '', format: ImageFormat): string {
  const h = hashOf(id);
  return path.join(folderOf(root, h), `${h.slice(3)}_${size}_${fit}.${format}`);
}

/**
 * The account given the folders and files the store makes, or null to leave them this process's. Set
 * when the server runs as root in a DATA_DIR another account owns (README: the site then runs its
 * database as that account): images written as root would refuse every later upload of the site run
 * as its owner.
 */
let filesOwner: { uid: number; gid: number } | null = null;

export function giveImageFilesTo(owner: { uid: number; gid: number } | null): void {
  filesOwner = owner;
}

/** The folders from `created` (the first that mkdir made) down to `folder`, given to the owner. */
async function giveFolders(created: string | undefined, folder: string): Promise<void> {
  if (!filesOwner || created === undefined) return;
  const chain: string[] = [];
  for (let dir = folder; dir.length >= created.length; dir = path.dirname(dir)) {
    chain.push(dir);
    if (dir === created) break;
  }
  for (const dir of chain.reverse()) await fs.chown(dir, filesOwner.uid, filesOwner.gid);
}

/**
 * Writes a file so that readers see either nothing or all of it: a temporary file in the same folder,
 * then a rename. With `durable`, the data and the rename are flushed to disk first, so that a row that
 * names the file never outlives the file after a power cut.
 */
export async function writeFileAtomic(file: string, data: Buffer, durable: boolean): Promise<void> {
  const folder = path.dirname(file);
  await giveFolders(await fs.mkdir(folder, { recursive: true }), folder);
  const temporary = path.join(folder, `.${path.basename(file)}.${crypto.randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await fs.open(temporary, 'wx');
    try {
      if (filesOwner) await handle.chown(filesOwner.uid, filesOwner.gid);
      await handle.writeFile(data);
      if (durable) await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  if (durable) {
    const dir = await fs.open(folder, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  }
}

/** Deletes an image's original and every cached copy of it. Missing files are not an error. */
export async function deleteImageFiles(root: string, id: string): Promise<void> {
  const h = hashOf(id);
  const folder = folderOf(root, h);
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  // The 37 hex characters of h[3:] are unique to this image within its folder.
  const stem = h.slice(3);
  await Promise.all(
    names
      .filter((name) => name.startsWith(`${stem}.`) || name.startsWith(`${stem}_`))
      .map((name) => fs.rm(path.join(folder, name), { force: true })),
  );
}
