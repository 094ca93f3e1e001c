import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DB } from '../db/schema.js';
import { generateVapidKeys, type VapidKeys } from '../push/web-push-crypto.js';
import { insertValueIfAbsent } from './application-data.repository.js';

/**
 * Keys derived from the site secret. The secret is the `SECRET` setting, or one generated at first start
 * and stored in the database so that every process shares it (DOMAIN §18). Each use gets its own key.
 * The VAPID key pair of Web Push (DOMAIN §5.6) is kept the same way, under `vapid_keys`.
 */
export class Secrets {
  private keys = { csrf: Buffer.alloc(0), captcha: '', images: Buffer.alloc(0) };
  private vapid: VapidKeys = { public: '', private: '' };

  get csrfKey(): Buffer {
    return this.keys.csrf;
  }
  get captchaKey(): string {
    return this.keys.captcha;
  }
  get imageKey(): Buffer {
    return this.keys.images;
  }
  get vapidKeys(): VapidKeys {
    return this.vapid;
  }

  /** Reads (or first creates) the secret. Called at start, and again after a restore replaced it. */
  async load(db: Kysely<DB>, config: Config): Promise<void> {
    const secret =
      config.secret ??
      (await insertValueIfAbsent(db, 'secret', crypto.randomBytes(32).toString('base64url')));
    const derive = (purpose: string) => crypto.createHmac('sha256', secret).update(purpose).digest();
    this.keys = {
      csrf: derive('csrf-token'),
      captcha: derive('altcha').toString('base64url'),
      images: derive('image-url'),
    };
  }

  /**
   * Reads (or first creates) the VAPID key pair of Web Push. Apart from `load` because it always needs
   * the database, even with SECRET set. Called when the app is built, and after a restore. Generated
   * whether or not push is on, so that turning it on later keeps one key for good: a changed key would
   * silently orphan every browser subscription made with the old one.
   */
  async loadVapidKeys(db: Kysely<DB>): Promise<void> {
    this.vapid = await insertValueIfAbsent(db, 'vapid_keys', generateVapidKeys());
  }
}
