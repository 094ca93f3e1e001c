// npm start: build what is stale, then run the server (which creates ./data and migrates on first run).
import { buildServer, buildWeb } from './build.mjs';

buildServer();
buildWeb();
await import('../packages/server/dist/main.js');
