import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export const LINK_PAGE_TITLE = 'Tide pools of the northern coast';

/** A solid-colour PNG, for uploads and link previews. */
export function pngImage(width: number, height: number, rgb: [number, number, number]): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();
}

/**
 * Another website on loopback for link posts: an article with Open Graph tags and its preview image.
 * The server under test may reach only this address (OUTBOUND_ALLOW); everything else stays refused.
 */
export async function startLinkSite(): Promise<{ url: string; hostPort: string; close(): Promise<void> }> {
  const preview = await pngImage(1200, 630, [40, 120, 160]);
  const server = http.createServer((req, res) => {
    if (req.url === '/preview.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': preview.length });
      res.end(preview);
      return;
    }
    if (req.url?.startsWith('/article')) {
      const { port } = server.address() as AddressInfo;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head>
<title>${LINK_PAGE_TITLE} | Coast Notes</title>
<meta property="og:title" content="${LINK_PAGE_TITLE}">
<meta property="og:image" content="http://127.0.0.1:${port}/preview.png">
</head><body><h1>${LINK_PAGE_TITLE}</h1></body></html>`);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
