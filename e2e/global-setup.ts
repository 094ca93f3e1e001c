import { startLinkSite } from './link-site';
import { startServer } from './server';

/**
 * One server for the run: captcha on (solved by the page), rate limits off so journeys can repeat, the
 * points thresholds low enough that a test can earn them (a user with no points is still refused), and
 * outbound fetches allowed to the local link site only.
 */
export default async function globalSetup() {
  const linkSite = await startLinkSite();
  const server = await startServer({
    CAPTCHA: 'altcha',
    RATE_LIMITS: 'off',
    COMMUNITY_CREATION_REQ_POINTS: '2',
    IMAGE_POST_SUBMIT_REQ_POINTS: '1',
    LINK_POST_SUBMIT_REQ_POINTS: '1',
    OUTBOUND_ALLOW: linkSite.hostPort,
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_LINK_SITE = linkSite.url;
  return async () => {
    await server.stop();
    await linkSite.close();
  };
}
