import { startServer } from './server';

/** One server for the run (captcha on, solved by the page; rate limits off so journeys can repeat). */
export default async function globalSetup() {
  const server = await startServer({ CAPTCHA: 'altcha', RATE_LIMITS: 'off' });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
  };
}
