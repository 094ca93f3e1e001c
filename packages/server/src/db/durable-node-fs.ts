import fs from 'node:fs';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's NodeFS with a working fsync.
 *
 * PGlite stores its files through Emscripten's NODEFS, whose streams have no `fsync`: every fsync that
 * PostgreSQL asks for is a silent no-op, so a commit reaches the operating system (and survives the
 * process being killed) but not the disk (and may not survive a power cut). This class gives NODEFS a
 * real `fdatasync`. Together with `wal_sync_method=fsync` (Emscripten's own `fdatasync` is a stub,
 * `fsync` is not) each commit is on disk before it is acknowledged, as on a PostgreSQL server.
 * Measured in docs/decisions.md; a test checks the hook still fires after PGlite upgrades.
 */
export class DurableNodeFS extends NodeFS {
  /** Count of real fdatasync calls made, for tests and diagnostics. */
  syncCalls = 0;

  override async init(
    pg: PGlite,
    emscriptenOptions: Parameters<NodeFS['init']>[1],
  ): Promise<Awaited<ReturnType<NodeFS['init']>>> {
    const result = await super.init(pg, emscriptenOptions);
    const preRun = (result.emscriptenOpts.preRun ?? []) as Array<(mod: EmscriptenModule) => void>;
    preRun.push((mod) => {
      mod.NODEFS.stream_ops.fsync = (stream: { nfd: number }) => {
        fs.fdatasyncSync(stream.nfd);
        this.syncCalls++;
        return 0;
      };
    });
    result.emscriptenOpts.preRun = preRun;
    return result;
  }
}

interface EmscriptenModule {
  NODEFS: { stream_ops: { fsync?: (stream: { nfd: number }) => number } };
}
