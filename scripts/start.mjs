// npm start: build what is stale, then run the server (which creates ./data and migrates on first run).
import { buildServer, buildWeb } from './build.mjs';

buildServer();
buildWeb();

// npm runs this under a shell, and a SIGTERM to npm (as `docker stop` sends) reaches that shell, which
// some (dash) do not pass on: the server would outlive npm, and hold its port and data directory. When
// the shell goes, this process is handed to another parent; it then stops as if it had been sent
// SIGTERM itself. (`exec` in the script would do it too, but not in Windows' cmd.)
if (process.env.npm_lifecycle_event === 'start') {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    // Once: a second SIGTERM would cut the shutdown short.
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, 500);
  watch.unref();
}

await import('../packages/server/dist/main.js');
