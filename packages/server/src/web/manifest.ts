import fs from 'node:fs';
import path from 'node:path';

/**
 * The web app manifest (API.md §18.6): the client build's `manifest.json` (icons, start URL, display
 * mode, the light and dark theme colours) with the site's own name from `SITE_NAME`, so an operator's
 * installed app is called what their site is called. Read once at startup; null without a build file.
 */
export function loadManifest(distDir: string, siteName: string, siteDescription: string): string | null {
  const file = path.join(distDir, 'manifest.json');
  if (!fs.existsSync(file)) return null;
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  return JSON.stringify({ ...manifest, name: siteName, short_name: siteName, description: siteDescription });
}
