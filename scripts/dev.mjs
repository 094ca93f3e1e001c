// npm run dev: the API server restarting on changes (port 8080) and the Vite dev server with hot reload
// (port 5173), which proxies /api and /images to the API server. Open http://localhost:5173.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env, DEVELOPMENT: process.env.DEVELOPMENT ?? 'on', SERVE_WEB: 'off' };
const children = [
  spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', '--watch', 'packages/server/src/main.ts'],
    {
      cwd: root,
      env,
      stdio: 'inherit',
    },
  ),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: path.join(root, 'packages/web'),
    env,
    stdio: 'inherit',
  }),
];
console.log('Development: open http://localhost:5173 (Vite, hot reload; /api goes to the server on :8080).');
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => code && stop()));
