// npm run cli -- <command>: the operator commands (packages/server/src/cli.ts).
import { buildServer } from './build.mjs';

buildServer();
await import('../packages/server/dist/cli.js');
