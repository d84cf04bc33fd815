import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';

// Web Push's VAPID keys (issue 34): VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set (required with
// DATABASE_URL: config.ts), else a pair generated into DATA_DIR/vapid.json on first start (PGlite),
// like SECRET_KEY's secret.key. Changing the pair voids every stored subscription (the push
// services refuse a signature by another key): browsers subscribe again on their next visit.

export interface VapidKeys {
  /** base64url of the uncompressed P-256 point (65 bytes): the browsers' applicationServerKey. */
  publicKey: string;
  /** base64url of the private scalar (32 bytes). */
  privateKey: string;
  /** mailto: or https: URI the push services may contact. */
  subject: string;
}

export const vapidKeyFileName = 'vapid.json';

/**
 * A new pair, as `npm run admin -- vapid-keys` prints it: a P-256 key in web-push's format
 * (generateVAPIDKeys), made with node:crypto so a start does not load web-push (issue 33).
 */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const point = publicKey.export({ format: 'jwk' });
  const scalar = privateKey.export({ format: 'jwk' });
  const bytes = (base64url: string | undefined) => Buffer.from(base64url ?? '', 'base64url');
  return {
    publicKey: Buffer.concat([Buffer.from([4]), bytes(point.x), bytes(point.y)]).toString('base64url'),
    privateKey: bytes(scalar.d).toString('base64url'),
  };
}

/** VAPID_SUBJECT, else PUBLIC_URL when it is https:, else a mailto: of our own. */
export function vapidSubject(config: Pick<Config, 'VAPID_SUBJECT' | 'PUBLIC_URL'>) {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  if (config.PUBLIC_URL.startsWith('https://')) return config.PUBLIC_URL;
  return 'mailto:webpush@atende.invalid';
}

type KeyConfig = Pick<
  Config,
  'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'PUBLIC_URL' | 'DATA_DIR'
>;
const loaded = new WeakMap<KeyConfig, VapidKeys>();

/**
 * The server's pair: the configured one, else DATA_DIR/vapid.json, created (mode 0600,
 * exclusively: two processes racing on a fresh directory read the same pair) on first use.
 */
export function loadVapidKeys(config: KeyConfig): VapidKeys {
  const known = loaded.get(config);
  if (known) return known;
  const subject = vapidSubject(config);
  let keys: VapidKeys;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    keys = { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  } else {
    const file = path.join(config.DATA_DIR, vapidKeyFileName);
    fs.mkdirSync(config.DATA_DIR, { recursive: true });
    try {
      fs.writeFileSync(file, `${JSON.stringify(generateVapidKeys())}\n`, { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let stored: { publicKey?: unknown; privateKey?: unknown };
    try {
      stored = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      throw new Error(`${file} is not a VAPID key pair: delete it (devices subscribe again) or set VAPID_*`);
    }
    if (typeof stored.publicKey !== 'string' || typeof stored.privateKey !== 'string') {
      throw new Error(`${file} is not a VAPID key pair: delete it (devices subscribe again) or set VAPID_*`);
    }
    keys = { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  loaded.set(config, keys);
  return keys;
}
