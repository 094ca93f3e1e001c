import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyPath, imagesRoot, originalPath } from '../src/images/image-store.js';
import { imageUrl } from '../src/images/image-urls.js';
import { deleteImages, deleteTemporaryImages, storeImage } from '../src/images/images.service.js';
import { siteJobs } from '../src/jobs/jobs.js';
import { newId, randomString } from '../src/lib/ids.js';
import { Secrets } from '../src/site/secrets.js';
import { loggedInClient, makeUser } from './factories.js';
import { createTestApp, type TestApp, type TestClient } from './harness.js';
import { multipart, send, type Answer, type Part } from './uploads.js';
import { NOT_LOGGED_IN } from './api-errors.js';

/** Uploads, alt text, the image server and temporary-image cleanup (API.md §9, §17.3; DOMAIN §10). */

const MAX_IMAGE_SIZE = 2 * 1024 * 1024;
const FILE_SIZE_EXCEEDED = {
  status: 400,
  code: 'file_size_exceeded',
  message: 'Maximum file size exceeded.',
};
const UNSUPPORTED = { status: 400, code: 'unsupported-image-format', message: 'Unsupported image.' };

const dataDirs: string[] = [];
function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'commons-images-'));
  dataDirs.push(dir);
  return dir;
}

let t: TestApp;
let key: Buffer;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: tempDataDir(), MAX_IMAGE_SIZE: String(MAX_IMAGE_SIZE) });
  key = await imageKeyOf(t);
});
afterAll(async () => {
  await t.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The key the app signs image URLs with: derived from the secret stored in its database. */
async function imageKeyOf(app: TestApp): Promise<Buffer> {
  const secrets = new Secrets();
  await secrets.load(app.db, app.config);
  return secrets.imageKey;
}

function upload(
  client: TestClient,
  data: Buffer,
  options: Partial<Part> = {},
  app: TestApp = t,
): Promise<Answer> {
  const { body, contentType } = multipart([
    { name: 'image', filename: 'photo.jpg', type: 'image/jpeg', data, ...options },
  ]);
  return send(app, client, 'POST', '/api/_uploads', body, { 'content-type': contentType });
}

async function anonymous(app: TestApp = t): Promise<TestClient> {
  const client = app.client();
  await client.start();
  return client;
}

function solid(width: number, height: number, colour: { r: number; g: number; b: number; alpha?: number }) {
  return sharp({
    create: { width, height, channels: colour.alpha === undefined ? 3 : 4, background: colour },
  });
}

const RED = { r: 200, g: 100, b: 50 };
/** DOMAIN §10.3 for one colour: every sample is the same, so the chromaticity is c / (r + g + b) × 255. */
const RED_AVERAGE = 'rgb(145,72,36)';

/** A real decompression bomb: a valid 12 000 × 10 000 grey PNG of about 15 kB. */
function pngBomb(): Buffer {
  const width = 12_000;
  const height = 10_000;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // 1 bit per pixel
  header.writeUInt8(0, 9); // greyscale
  const rows = Buffer.alloc(height * (1 + width / 8)); // filter byte + pixels, all zero
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function storedFile(app: TestApp, id: string): Buffer {
  return fs.readFileSync(originalPath(imagesRoot(app.config.dataDir), id));
}

describe('POST /api/_uploads', () => {
  let uploaderId: string;
  let uploader: TestClient;
  beforeAll(async () => {
    const user = await makeUser(t.db);
    uploaderId = user.id;
    uploader = await loggedInClient(t, user);
  });

  it('re-encodes a JPEG upright, without its metadata, and lists it as the uploader’s temporary image', async () => {
    // Left half red, right half blue, stored sideways: orientation 6 turns it a quarter clockwise.
    const left = await solid(150, 200, { r: 255, g: 0, b: 0 }).png().toBuffer();
    const photo = await solid(300, 200, { r: 0, g: 0, b: 255 })
      .composite([{ input: left, left: 0, top: 0 }])
      .jpeg({ quality: 90 })
      .withMetadata({
        orientation: 6,
        exif: { IFD0: { Copyright: 'Secret Owner', Artist: 'Someone Private' } },
      })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();

    const res = await upload(uploader, photo);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
    const id: string = res.json.id;
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    const stored = storedFile(t, id);
    expect(res.json).toEqual({
      id,
      format: 'jpeg',
      mimetype: 'image/jpeg',
      width: 200,
      height: 300,
      size: stored.length,
      averageColor: expect.stringMatching(/^rgb\(\d+,\d+,\d+\)$/),
      url: imageUrl(key, id, 'jpeg'),
      copies: [],
      altText: null,
    });

    const after = await sharp(stored).metadata();
    expect(after.format).toBe('jpeg');
    expect([after.width, after.height]).toEqual([200, 300]);
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(stored.includes('Secret Owner')).toBe(false);
    // Upright: the red half is now on top.
    const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    expect(at(100, 20)[0]).toBeGreaterThan(200);
    expect(at(100, 20)[2]).toBeLessThan(60);
    expect(at(100, 280)[2]).toBeGreaterThan(200);
    expect(at(100, 280)[0]).toBeLessThan(60);

    const row = await t.db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      format: 'jpeg',
      width: 200,
      height: 300,
      size: stored.length,
      upload_size: photo.length,
    });
    const temp = await t.db
      .selectFrom('temp_images')
      .selectAll()
      .where('image_id', '=', id)
      .executeTakeFirst();
    expect(temp?.user_id).toBe(uploaderId);
  });

  it('computes the average colour of DOMAIN §10.3', async () => {
    const res = await upload(uploader, await solid(640, 480, RED).png().toBuffer(), { type: 'image/png' });
    expect(res.status).toBe(200);
    expect(res.json.averageColor).toBe(RED_AVERAGE);
    const grey = await upload(uploader, await solid(64, 64, { r: 90, g: 90, b: 90 }).png().toBuffer());
    expect(grey.json.averageColor).toBe('rgb(85,85,85)');
    const black = await upload(uploader, await solid(64, 64, { r: 0, g: 0, b: 0 }).png().toBuffer());
    expect(black.json.averageColor).toBe('rgb(0,0,0)');
  });

  it('accepts PNG (transparency flattened on white), WebP, GIF and TIFF, and stores JPEG', async () => {
    const inputs: Array<[string, Buffer]> = [
      ['png', await solid(120, 80, { r: 0, g: 0, b: 0, alpha: 0 }).png().toBuffer()],
      ['webp', await solid(120, 80, RED).webp().toBuffer()],
      ['gif', await solid(120, 80, RED).gif().toBuffer()],
      ['tiff', await solid(120, 80, RED).tiff().toBuffer()],
    ];
    for (const [format, data] of inputs) {
      const res = await upload(uploader, data, { filename: `x.${format}`, type: `image/${format}` });
      expect(res.status, format).toBe(200);
      expect([res.json.width, res.json.height, res.json.format], format).toEqual([120, 80, 'jpeg']);
      const stored = storedFile(t, res.json.id);
      expect((await sharp(stored).metadata()).format).toBe('jpeg');
      if (format === 'png') {
        const { data: pixels } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
        expect(Math.min(...pixels.subarray(0, 30))).toBeGreaterThan(250); // white, not black
      }
    }
  });

  it('shrinks a post image to fit 5000×5000, keeping its shape, and never enlarges', async () => {
    const wide = await upload(uploader, await solid(6000, 1500, RED).jpeg().toBuffer());
    expect([wide.json.width, wide.json.height]).toEqual([5000, 1250]);
    const stored = await sharp(storedFile(t, wide.json.id)).metadata();
    expect([stored.width, stored.height]).toEqual([5000, 1250]);
    const small = await upload(uploader, await solid(40, 30, RED).jpeg().toBuffer());
    expect([small.json.width, small.json.height]).toEqual([40, 30]);
  });

  it('refuses what is not a decodable raster image with unsupported-image-format', async () => {
    const cases: Buffer[] = [
      Buffer.from('I am a text file wearing a .jpg name.\n'),
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
      (await solid(50, 50, RED).jpeg().toBuffer()).subarray(0, 40),
      Buffer.alloc(0),
    ];
    for (const data of cases) {
      const res = await upload(uploader, data);
      expect(res.status).toBe(400);
      expect(res.json).toEqual(UNSUPPORTED);
    }
  });

  it('refuses an image that would decode to more pixels than the limit, without decoding it', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(100_000);
    const started = Date.now();
    const res = await upload(uploader, bomb, { type: 'image/png' });
    expect(res.json).toEqual(UNSUPPORTED);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses files and bodies over maxImageSize with file_size_exceeded', async () => {
    const big = crypto.randomBytes(MAX_IMAGE_SIZE + 1);
    expect((await upload(uploader, big)).json).toEqual(FILE_SIZE_EXCEEDED);
    // Without a Content-Length (a streamed body), the parts are counted as they arrive.
    const { body, contentType } = multipart([{ name: 'image', filename: 'a.jpg', data: big }]);
    const streamed = await send(t, uploader, 'POST', '/api/_uploads', Readable.from([body]), {
      'content-type': contentType,
    });
    expect(streamed.json).toEqual(FILE_SIZE_EXCEEDED);
    // Each part within the limit, the body as a whole beyond it.
    const parts = multipart([
      {
        name: 'image',
        filename: 'a.png',
        type: 'image/png',
        data: await solid(10, 10, RED).png().toBuffer(),
      },
      { name: 'other', filename: 'b.bin', data: crypto.randomBytes(MAX_IMAGE_SIZE - 10) },
      { name: 'more', filename: 'c.bin', data: crypto.randomBytes(200_000) },
    ]);
    const tooMuch = await send(t, uploader, 'POST', '/api/_uploads', Readable.from([parts.body]), {
      'content-type': parts.contentType,
    });
    expect(tooMuch.json).toEqual(FILE_SIZE_EXCEEDED);
    // A file just within the limit is read (and then judged as an image).
    const within = await upload(uploader, crypto.randomBytes(MAX_IMAGE_SIZE - 1000));
    expect(within.json).toEqual(UNSUPPORTED);
  });

  it('refuses a body that is not multipart, or multipart that cannot be parsed, with file_size_exceeded', async () => {
    const json = await uploader.post('/api/_uploads', { image: 'data' });
    expect(json.json).toEqual(FILE_SIZE_EXCEEDED);
    const none = await send(t, uploader, 'POST', '/api/_uploads');
    expect(none.json).toEqual(FILE_SIZE_EXCEEDED);
    const broken = await send(
      t,
      uploader,
      'POST',
      '/api/_uploads',
      Buffer.from('--x\r\nContent-Disposition: form-data; name="image"\r\n\r\nabc'),
      {
        'content-type': 'multipart/form-data; boundary=x',
      },
    );
    expect(broken.json).toEqual(FILE_SIZE_EXCEEDED);
    const noBoundary = await send(t, uploader, 'POST', '/api/_uploads', Buffer.from('abc'), {
      'content-type': 'multipart/form-data',
    });
    expect(noBoundary.json).toEqual(FILE_SIZE_EXCEEDED);
  });

  it('refuses a body with more than one image part as malformed, storing nothing', async () => {
    const image = await solid(10, 10, RED).png().toBuffer();
    const user = await makeUser(t.db);
    const client = await loggedInClient(t, user);
    const bodies = [
      multipart([
        { name: 'image', filename: 'a.png', type: 'image/png', data: image },
        { name: 'image', filename: 'b.png', type: 'image/png', data: image },
      ]),
      multipart([
        { name: 'image', data: 'a field' },
        { name: 'image', filename: 'a.png', type: 'image/png', data: image },
      ]),
      multipart([
        { name: 'image', filename: 'a.png', type: 'image/png', data: image },
        { name: 'image', data: 'a field' },
      ]),
    ];
    for (const { body, contentType } of bodies) {
      const res = await send(t, client, 'POST', '/api/_uploads', body, { 'content-type': contentType });
      expect(res.status).toBe(400);
      expect(res.json).toEqual(FILE_SIZE_EXCEEDED);
    }
    const stored = await t.db
      .selectFrom('temp_images')
      .select('image_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('reads a refused two-image body to its end, so the connection serves the next request', async () => {
    // Over a real socket, on one keep-alive connection: parts larger than its buffers, the body as a
    // whole within the limit.
    const server = await createTestApp({ DATA_DIR: tempDataDir(), MAX_IMAGE_SIZE: String(MAX_IMAGE_SIZE) });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const client = await loggedInClient(server, await makeUser(server.db));
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.app.server.address() as AddressInfo;
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const post = (parts: Part[]) =>
        new Promise<{ status: number; code: string }>((resolve, reject) => {
          const { body, contentType } = multipart(parts);
          const request = http.request(
            {
              host: '127.0.0.1',
              port,
              method: 'POST',
              path: '/api/_uploads',
              agent,
              signal: AbortSignal.timeout(3000),
              headers: {
                cookie,
                'x-csrf-token': client.csrfToken,
                'content-type': contentType,
                'content-length': String(body.length),
              },
            },
            (response) => {
              let text = '';
              response.setEncoding('utf8');
              response.on('data', (chunk: string) => (text += chunk));
              response.on('end', () =>
                resolve({ status: response.statusCode!, code: (JSON.parse(text) as { code: string }).code }),
              );
            },
          );
          request.on('error', reject);
          request.end(body);
        });
      const large = crypto.randomBytes(MAX_IMAGE_SIZE / 2 - 1000);
      expect(
        await post([
          { name: 'image', filename: 'a.png', data: large },
          { name: 'image', filename: 'b.png', data: large },
        ]),
      ).toEqual({ status: 400, code: 'file_size_exceeded' });
      const next = await post([
        {
          name: 'image',
          filename: 'c.png',
          type: 'image/png',
          data: await solid(10, 10, RED).png().toBuffer(),
        },
      ]);
      expect(next.status).toBe(200);
    } finally {
      agent.destroy();
      server.app.server.closeAllConnections(); // a stuck connection would hold up the close
      await server.close();
    }
  });

  it('answers 400 no-image without an image file part', async () => {
    const image = await solid(10, 10, RED).png().toBuffer();
    const bodies = [
      multipart([{ name: 'file', filename: 'a.png', type: 'image/png', data: image }]),
      multipart([{ name: 'image', data: 'just a field' }]),
      multipart([]),
    ];
    for (const { body, contentType } of bodies) {
      const res = await send(t, uploader, 'POST', '/api/_uploads', body, { 'content-type': contentType });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ status: 400, code: 'no-image', message: 'The upload has no image.' });
    }
    // The image part is found among others.
    const mixed = multipart([
      { name: 'caption', data: 'hello' },
      { name: 'other', filename: 'b.png', type: 'image/png', data: image },
      { name: 'image', filename: 'a.png', type: 'image/png', data: image },
    ]);
    const ok = await send(t, uploader, 'POST', '/api/_uploads', mixed.body, {
      'content-type': mixed.contentType,
    });
    expect(ok.status).toBe(200);
  });

  it('needs a login (401), and other API routes still read JSON whatever the content type', async () => {
    const res = await upload(await anonymous(), await solid(10, 10, RED).png().toBuffer());
    expect(res.status).toBe(401);
    expect(res.json).toEqual(NOT_LOGGED_IN);
    const login = await (
      await anonymous()
    ).post('/api/_login', undefined, {
      raw: JSON.stringify({ username: 'nobody_at_all', password: 'whatever1' }),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(login.json.code).toBe('wrong-password');
  });

  it('answers other methods on the upload path with 400', async () => {
    const res = await uploader.get('/api/_uploads');
    expect(res.json).toEqual({ status: 400, message: 'HTTP method not allowed' });
  });
});

describe('uploads when image posts are off, and rate limits', () => {
  it('answers 403 no_image_posts, before looking at the login', async () => {
    const off = await createTestApp({ DATA_DIR: tempDataDir(), IMAGE_POSTS_DISABLED: 'on' });
    try {
      const image = await solid(10, 10, RED).png().toBuffer();
      const expected = {
        status: 403,
        code: 'no_image_posts',
        message: 'Image posts are turned off on this site.',
      };
      expect((await upload(await anonymous(off), image, {}, off)).json).toEqual(expected);
      const member = await loggedInClient(off, await makeUser(off.db));
      expect((await upload(member, image, {}, off)).json).toEqual(expected);
      expect(await off.db.selectFrom('images').select('id').execute()).toEqual([]);
    } finally {
      await off.close();
    }
  });

  it('allows 5 uploads a second per user', async () => {
    const limited = await createTestApp({ DATA_DIR: tempDataDir(), RATE_LIMITS: 'on' });
    try {
      const member = await loggedInClient(limited, await makeUser(limited.db));
      const other = await loggedInClient(limited, await makeUser(limited.db));
      const empty = multipart([]);
      const post = (client: TestClient) =>
        send(limited, client, 'POST', '/api/_uploads', empty.body, { 'content-type': empty.contentType });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await post(member)).status);
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      const refused = await post(member);
      expect(refused.json).toEqual({ status: 429, message: 'Too Many Requests.' });
      expect((await post(other)).status).toBe(400);
    } finally {
      await limited.close();
    }
  });
});

describe('PUT /api/images/{imageId}', () => {
  let uploaderUser: Awaited<ReturnType<typeof makeUser>>;
  let uploader: TestClient;
  let stranger: TestClient;
  let admin: TestClient;

  beforeAll(async () => {
    uploaderUser = await makeUser(t.db);
    uploader = await loggedInClient(t, uploaderUser);
    stranger = await loggedInClient(t, await makeUser(t.db));
    admin = await loggedInClient(t, await makeUser(t.db, { isAdmin: true }));
  });

  async function newUpload(client: TestClient = uploader): Promise<string> {
    const res = await upload(client, await solid(30, 20, RED).png().toBuffer());
    expect(res.status).toBe(200);
    return res.json.id;
  }

  async function altTextOf(id: string): Promise<string | null> {
    return (await t.db.selectFrom('images').select('alt_text').where('id', '=', id).executeTakeFirstOrThrow())
      .alt_text;
  }

  async function makeCommunity(ownerId: string, images: { pro_pic?: string; banner_image?: string }) {
    const id = newId();
    await t.db
      .insertInto('communities')
      .values({ id, user_id: ownerId, name: `c${crypto.randomBytes(5).toString('hex')}`, ...images })
      .execute();
    return id;
  }

  it('lets the uploader set it while the image is temporary; "" clears it', async () => {
    const id = await newUpload();
    const res = await uploader.put(`/api/images/${id}`, { altText: 'A red square' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id,
      altText: 'A red square',
      copies: [],
      url: imageUrl(key, id, 'jpeg'),
    });
    expect(await altTextOf(id)).toBe('A red square');

    const cleared = await uploader.put(`/api/images/${id.toUpperCase()}`, { altText: '' });
    expect(cleared.json.altText).toBeNull();
    expect(await altTextOf(id)).toBe('');
  });

  it('cuts alt text to 1024 characters', async () => {
    const id = await newUpload();
    const res = await uploader.put(`/api/images/${id}`, { altText: '🐟'.repeat(1100) });
    expect(res.json.altText).toBe('🐟'.repeat(1024));
    expect(await altTextOf(id)).toBe('🐟'.repeat(1024));
  });

  it('refuses a stranger, and the uploader once a post has taken the image', async () => {
    const id = await newUpload();
    const refused = await stranger.put(`/api/images/${id}`, { altText: 'mine now' });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      status: 403,
      code: 'permission_denied',
      message: 'You are not allowed to change this image.',
    });
    await t.db.deleteFrom('temp_images').where('image_id', '=', id).execute();
    expect((await uploader.put(`/api/images/${id}`, { altText: 'x' })).status).toBe(403);
    expect(await altTextOf(id)).toBeNull();
  });

  it('lets an admin set it on anyone’s image', async () => {
    const id = await newUpload();
    await t.db.deleteFrom('temp_images').where('image_id', '=', id).execute();
    const res = await admin.put(`/api/images/${id}`, { altText: 'Set by an admin' });
    expect(res.status).toBe(200);
    expect(await altTextOf(id)).toBe('Set by an admin');
  });

  it('lets the author of a post that shows the image set it', async () => {
    const id = await newUpload();
    const community = await makeCommunity(uploaderUser.id, {});
    const author = await makeUser(t.db);
    const postId = newId();
    await t.db
      .insertInto('posts')
      .values({
        id: postId,
        type: 'image',
        public_id: randomString(8),
        user_id: author.id,
        community_id: community,
        title: 'A post',
      })
      .execute();
    await t.db.insertInto('post_images').values({ post_id: postId, image_id: id, z_index: 0 }).execute();
    await t.db.deleteFrom('temp_images').where('image_id', '=', id).execute();
    const authorClient = await loggedInClient(t, author);
    expect((await authorClient.put(`/api/images/${id}`, { altText: 'By the author' })).status).toBe(200);
    expect((await uploader.put(`/api/images/${id}`, { altText: 'no' })).status).toBe(403);
  });

  it('lets a moderator of a community whose picture or banner it is set it, and no other moderator', async () => {
    const mod = await makeUser(t.db);
    const modClient = await loggedInClient(t, mod);
    const picture = await newUpload(admin);
    const banner = await newUpload(admin);
    const elsewhere = await newUpload(admin);
    for (const id of [picture, banner, elsewhere]) {
      await t.db.deleteFrom('temp_images').where('image_id', '=', id).execute();
    }
    const community = await makeCommunity(mod.id, { pro_pic: picture, banner_image: banner });
    const other = await makeCommunity(mod.id, { pro_pic: elsewhere });
    await t.db
      .insertInto('community_mods')
      .values({ community_id: community, user_id: mod.id, position: 0 })
      .execute();
    expect((await modClient.put(`/api/images/${picture}`, { altText: 'Icon' })).status).toBe(200);
    expect((await modClient.put(`/api/images/${banner}`, { altText: 'Banner' })).status).toBe(200);
    expect(await altTextOf(banner)).toBe('Banner');
    // Owning the community row is not moderating it.
    expect((await modClient.put(`/api/images/${elsewhere}`, { altText: 'x' })).status).toBe(403);
    expect(other).toBeTruthy();
  });

  it('answers 400 invalid_image_id, 404 image-not-found, 401 and invalid_json', async () => {
    const bad = await uploader.put('/api/images/not-an-id', { altText: 'x' });
    expect(bad.json).toEqual({ status: 400, code: 'invalid_image_id', message: 'Invalid image ID.' });
    const missing = await uploader.put(`/api/images/${newId()}`, { altText: 'x' });
    expect(missing.json).toEqual({ status: 404, code: 'image-not-found', message: 'Image not found.' });
    const id = await newUpload();
    const anon = await (await anonymous()).put(`/api/images/${id}`, { altText: 'x' });
    expect(anon.json).toEqual(NOT_LOGGED_IN);
    const wrongType = await uploader.put(`/api/images/${id}`, { altText: 5 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.code).toBe('invalid_json');
    // Missing or null alt text clears it.
    expect((await uploader.put(`/api/images/${id}`, {})).json.altText).toBeNull();
  });
});

describe('GET /images/{id}.{ext}', () => {
  let id: string;
  let original: Buffer;

  beforeAll(async () => {
    const member = await loggedInClient(t, await makeUser(t.db));
    const res = await upload(member, await solid(3000, 2000, RED).jpeg().toBuffer());
    expect(res.status).toBe(200);
    id = res.json.id;
    original = storedFile(t, id);
  });

  async function get(url: string, app: TestApp = t): Promise<Answer> {
    return send(app, null, 'GET', url);
  }

  async function dimensions(answer: Answer) {
    const metadata = await sharp(answer.body).metadata();
    return { format: metadata.format, width: metadata.width, height: metadata.height };
  }

  it('serves the original with its type, length and caching headers, outside the API conventions', async () => {
    const res = await send(t, null, 'GET', imageUrl(key, id, 'jpeg'), undefined, {
      'accept-encoding': 'gzip, br',
    });
    expect(res.status).toBe(200);
    expect(res.body.equals(original)).toBe(true);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(Number(res.headers['content-length'])).toBe(original.length);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['csrf-token']).toBeUndefined();
  });

  it('answers the CORS preflight', async () => {
    const res = await send(t, null, 'OPTIONS', `/images/${id}.jpeg`);
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-methods']).toBe('GET');
    expect(res.headers['access-control-max-age']).toBe('86400');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('renders copies at the sizes the JSON announces', async () => {
    const cases: Array<[{ width: number; height: number; fit: 'cover' | 'contain' }, number, number]> = [
      [{ width: 120, height: 120, fit: 'cover' }, 120, 120],
      [{ width: 325, height: 250, fit: 'cover' }, 325, 250],
      [{ width: 720, height: 1440, fit: 'contain' }, 720, 480],
      [{ width: 1080, height: 2160, fit: 'contain' }, 1080, 720],
      [{ width: 500, height: 100, fit: 'contain' }, 150, 100],
      // At least the original in both directions: the original size.
      [{ width: 4000, height: 4000, fit: 'contain' }, 3000, 2000],
      [{ width: 3000, height: 2000, fit: 'cover' }, 3000, 2000],
    ];
    for (const [box, width, height] of cases) {
      const res = await get(imageUrl(key, id, 'jpeg', box));
      expect(res.status, JSON.stringify(box)).toBe(200);
      expect(await dimensions(res), JSON.stringify(box)).toEqual({ format: 'jpeg', width, height });
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
    }
  });

  it('converts to PNG and WebP, for the original and for copies', async () => {
    for (const format of ['png', 'webp'] as const) {
      const whole = await get(imageUrl(key, id, format));
      expect(whole.headers['content-type']).toBe(`image/${format}`);
      expect(await dimensions(whole)).toEqual({ format, width: 3000, height: 2000 });
      const copy = await get(imageUrl(key, id, format, { width: 200, height: 200, fit: 'cover' }));
      expect(copy.headers['content-type']).toBe(`image/${format}`);
      expect(await dimensions(copy)).toEqual({ format, width: 200, height: 200 });
    }
  });

  it('keeps rendered copies on disk and serves them from there', async () => {
    const box = { width: 321, height: 123, fit: 'cover' as const };
    const cached = copyPath(imagesRoot(t.config.dataDir), id, '321x123', 'cover', 'jpeg');
    expect(fs.existsSync(cached)).toBe(false);
    const first = await get(imageUrl(key, id, 'jpeg', box));
    expect(first.status).toBe(200);
    expect(fs.readFileSync(cached).equals(first.body)).toBe(true);
    // Replace the cached file: the next answer is that file, not a new rendering.
    const marker = await solid(321, 123, { r: 0, g: 255, b: 0 }).jpeg().toBuffer();
    fs.writeFileSync(cached, marker);
    const second = await get(imageUrl(key, id, 'jpeg', box));
    expect(second.body.equals(marker)).toBe(true);
    // A square box is cached under its one-number size.
    await get(imageUrl(key, id, 'webp', { width: 77, height: 77, fit: 'contain' }));
    expect(fs.existsSync(copyPath(imagesRoot(t.config.dataDir), id, '77', 'contain', 'webp'))).toBe(true);
  });

  it('renders one copy asked for many times at once, once', async () => {
    const url = imageUrl(key, id, 'png', { width: 640, height: 360, fit: 'cover' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(url)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.equals(answers[0]!.body)).toBe(true);
    }
  });

  it('checks the signature', async () => {
    const good = imageUrl(key, id, 'jpeg', { width: 120, height: 120, fit: 'cover' });
    const cases = [
      `/images/${id}.jpeg`,
      `/images/${id}.jpeg?sig=`,
      `/images/${id}.jpeg?sig=${'A'.repeat(43)}`,
      good.replace('size=120', 'size=121'),
      good.replace('fit=cover', 'fit=contain'),
      good.replace('.jpeg', '.png'),
      imageUrl(crypto.randomBytes(32), id, 'jpeg'),
    ];
    for (const url of cases) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(res.text).toBe('Bad signature');
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    }
  });

  it('answers a malformed URL with 400 Bad Request', async () => {
    const sig = imageUrl(key, id, 'jpeg').split('sig=')[1]!;
    for (const url of [
      `/images/${id}.gif?sig=${sig}`,
      `/images/${id}?sig=${sig}`,
      `/images/${id.slice(1)}.jpeg?sig=${sig}`,
      `/images/${id}.jpeg?size=120&sig=${sig}`,
      `/images/${id}.jpeg?fit=cover&sig=${sig}`,
      `/images/${id}.jpeg?size=0&fit=cover&sig=${sig}`,
      `/images/${id}.jpeg?size=12x&fit=cover&sig=${sig}`,
      `/images/${id}.jpeg?size=-5&fit=cover&sig=${sig}`,
      `/images/${id}.jpeg?size=120&fit=fill&sig=${sig}`,
      `/images/${id}.jpeg?size=20000&fit=cover&sig=${sig}`,
      `/images/${id}.jpeg?sig=${sig}&sig=${sig}`,
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(res.text, url).toBe('Bad Request');
    }
  });

  it('answers 404 Image not found for an image that does not exist (or no longer does)', async () => {
    const unknown = newId();
    const res = await get(imageUrl(key, unknown, 'jpeg'));
    expect(res.status).toBe(404);
    expect(res.text).toBe('Image not found');

    const doomed = await storeImage(t, await solid(50, 50, RED).png().toBuffer(), 'post');
    const copy = imageUrl(key, doomed.id, 'webp', { width: 20, height: 20, fit: 'cover' });
    expect((await get(copy)).status).toBe(200);
    const root = imagesRoot(t.config.dataDir);
    expect(fs.existsSync(copyPath(root, doomed.id, '20', 'cover', 'webp'))).toBe(true);
    expect(await deleteImages(t, [doomed.id])).toBe(1);
    expect(fs.existsSync(originalPath(root, doomed.id))).toBe(false);
    expect(fs.existsSync(copyPath(root, doomed.id, '20', 'cover', 'webp'))).toBe(false);
    expect((await get(imageUrl(key, doomed.id, 'jpeg'))).text).toBe('Image not found');
  });

  it('skips the signature check in development mode only', async () => {
    const dev = await createTestApp({ DATA_DIR: tempDataDir(), DEVELOPMENT: 'on' });
    try {
      const row = await storeImage(dev, await solid(400, 300, RED).png().toBuffer(), 'post');
      const res = await get(`/images/${row.id}.webp?size=100&fit=cover`, dev);
      expect(res.status).toBe(200);
      expect(await dimensions(res)).toEqual({ format: 'webp', width: 100, height: 100 });
      expect((await get(`/images/${row.id}.jpeg`, dev)).status).toBe(200);
    } finally {
      await dev.close();
    }
  });
});

describe('storeImage purposes', () => {
  it('stores a link thumbnail as exactly 1280×720, and avatars and banners within 2000×2000', async () => {
    const link = await storeImage(t, await solid(400, 600, RED).png().toBuffer(), 'link');
    expect([link.width, link.height]).toEqual([1280, 720]);
    expect(await sharp(storedFile(t, link.id)).metadata()).toMatchObject({
      width: 1280,
      height: 720,
      format: 'jpeg',
    });
    const avatar = await storeImage(t, await solid(3000, 2400, RED).png().toBuffer(), 'avatar');
    expect([avatar.width, avatar.height]).toEqual([2000, 1600]);
    const banner = await storeImage(t, await solid(2400, 600, RED).png().toBuffer(), 'banner');
    expect([banner.width, banner.height]).toEqual([2000, 500]);
  });
});

describe('deleting temporary images', () => {
  async function aged(hours: number): Promise<string> {
    const member = await loggedInClient(t, await makeUser(t.db));
    const res = await upload(member, await solid(20, 20, RED).png().toBuffer());
    const id: string = res.json.id;
    await t.db
      .updateTable('temp_images')
      .set({ created_at: new Date(Date.now() - hours * 3600 * 1000) })
      .where('image_id', '=', id)
      .execute();
    return id;
  }

  async function exists(id: string): Promise<boolean> {
    const row = await t.db.selectFrom('images').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined && fs.existsSync(originalPath(imagesRoot(t.config.dataDir), id));
  }

  it('deletes uploads older than 12 hours that no post uses, rows and files, and nothing else', async () => {
    // Earlier tests left uploads of their own; start from a clean slate of old ones.
    await deleteTemporaryImages({ db: t.db, config: t.config, clock: () => new Date() });
    const old = await aged(13);
    const young = await aged(11);
    const claimed = await aged(20);
    const owner = await makeUser(t.db);
    const community = newId();
    await t.db
      .insertInto('communities')
      .values({ id: community, user_id: owner.id, name: `c${crypto.randomBytes(5).toString('hex')}` })
      .execute();
    const postId = newId();
    await t.db
      .insertInto('posts')
      .values({
        id: postId,
        type: 'image',
        public_id: randomString(8),
        user_id: owner.id,
        community_id: community,
        title: 'Claimed',
      })
      .execute();
    await t.db.insertInto('post_images').values({ post_id: postId, image_id: claimed, z_index: 0 }).execute();
    // A cached copy of the old upload goes with it.
    await send(t, null, 'GET', imageUrl(key, old, 'png', { width: 10, height: 10, fit: 'cover' }));
    const copy = copyPath(imagesRoot(t.config.dataDir), old, '10', 'cover', 'png');
    expect(fs.existsSync(copy)).toBe(true);

    const deleted = await deleteTemporaryImages({ db: t.db, config: t.config, clock: () => new Date() });
    expect(deleted).toBe(1);
    expect(await exists(old)).toBe(false);
    expect(fs.existsSync(copy)).toBe(false);
    expect(await exists(young)).toBe(true);
    expect(await exists(claimed)).toBe(true);
    expect(
      await t.db.selectFrom('temp_images').select('image_id').where('image_id', '=', old).execute(),
    ).toEqual([]);

    // Twelve hours later by the clock, the young one goes too.
    const later = () => new Date(Date.now() + 2 * 3600 * 1000);
    expect(await deleteTemporaryImages({ db: t.db, config: t.config, clock: later })).toBe(1);
    expect(await exists(young)).toBe(false);
  });

  it('runs as the hourly job delete-temporary-images', async () => {
    const job = siteJobs(t.config).find((j) => j.name === 'delete-temporary-images');
    expect(job?.everyMs).toBe(3600 * 1000);
    const old = await aged(13);
    if (!job) throw new Error('no such job');
    await t.db.transaction().execute((trx) => job.run(trx));
    expect(await exists(old)).toBe(false);
    expect(fs.existsSync(originalPath(imagesRoot(t.config.dataDir), old))).toBe(false);
  });
});
