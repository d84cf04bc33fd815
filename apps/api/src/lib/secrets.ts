import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

// Secrets stored in the database (the tenants' DigiSac tokens) are encrypted with AES-256-GCM
// under one server key: SECRET_KEY, or on PGlite a key generated into DATA_DIR/secret.key on first
// start. Each stored value is `v2:<base64 of iv (12 bytes) | tag (16 bytes) | ciphertext>`, bound to
// its tenant: the associated data is `tenant:<tenant id>`, so a value copied into another tenant's
// row does not decrypt there (never the other tenant's secret, never a 500). Its row keeps the
// key's id (a fingerprint, not the key), so a value written under another key is recognised instead
// of failing as corrupt, and a later rotation knows which rows to rewrite. `v1:` values (the same
// layout without associated data, before the binding) are read only by the boot step that rewrites
// them as `v2:` (decryptUnboundSecret).

export interface SecretKey {
  /** A fingerprint of the key (16 hex digits): stored beside each value encrypted with it. */
  readonly id: string;
  readonly key: Buffer;
}

export const secretKeyFileName = 'secret.key';
/** Bound to a tenant (associated data); `v1`: not bound (before the binding), read at boot only. */
const format = 'v2';
const unboundFormat = 'v1';
const ivBytes = 12;
const tagBytes = 16;

/** 64 hex digits or base64 of 32 bytes are the key itself; anything else is a passphrase. */
export function keyFromText(text: string): Buffer {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value, value.includes('-') || value.includes('_') ? 'base64url' : 'base64');
    if (bytes.length === 32) return bytes;
  }
  return createHash('sha256').update(value, 'utf8').digest();
}

function secretKeyOf(key: Buffer): SecretKey {
  const id = createHmac('sha256', key).update('atende-secret-key-id').digest('hex').slice(0, 16);
  return { id, key };
}

/**
 * The server's key: SECRET_KEY when set (required with DATABASE_URL: config.ts), else the one in
 * DATA_DIR/secret.key, created (mode 0600) on first start. Creation is exclusive, so two callers
 * racing on a fresh directory read the same key.
 */
export function loadSecretKey(config: Pick<Config, 'SECRET_KEY' | 'DATA_DIR'>): SecretKey {
  if (config.SECRET_KEY) return secretKeyOf(keyFromText(config.SECRET_KEY));
  const file = path.join(config.DATA_DIR, secretKeyFileName);
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const text = fs.readFileSync(file, 'utf8').trim();
  if (!text)
    throw new Error(`${file} is empty: delete it (stored secrets become unreadable) or set SECRET_KEY`);
  return secretKeyOf(keyFromText(text));
}

/** The associated data binding a value to its tenant (uuids compared in lowercase). */
const tenantData = (tenantId: string) => Buffer.from(`tenant:${tenantId.toLowerCase()}`, 'utf8');

/** `v2:<base64 iv|tag|ciphertext>` bound to `tenantId`, a fresh random IV each time. */
export function encryptSecret({ key }: SecretKey, plaintext: string, tenantId: string): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(tenantData(tenantId));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${format}:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
}

export class SecretUnreadableError extends Error {}

/** Whether a stored value is bound to its tenant (`v2:`); else the boot step rewrites it. */
export const isBoundSecret = (stored: string) => stored.startsWith(`${format}:`);

function decrypt(
  secretKey: SecretKey,
  stored: string,
  keyId: string | null,
  expected: string,
  aad: Buffer | undefined,
): string {
  if (keyId !== secretKey.id) throw new SecretUnreadableError('encrypted with another key');
  const [prefix, body] = stored.split(':', 2);
  if (prefix !== expected || !body) throw new SecretUnreadableError('unknown format');
  const bytes = Buffer.from(body, 'base64');
  if (bytes.length < ivBytes + tagBytes) throw new SecretUnreadableError('too short');
  try {
    const decipher = createDecipheriv('aes-256-gcm', secretKey.key, bytes.subarray(0, ivBytes));
    decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes));
    if (aad) decipher.setAAD(aad);
    return Buffer.concat([decipher.update(bytes.subarray(ivBytes + tagBytes)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SecretUnreadableError('does not decrypt');
  }
}

/**
 * The plaintext of a value stored in the row of `tenantId`; SecretUnreadableError when it was
 * written under another key (`keyId` differs), for another tenant, not bound (`v1:`, until the
 * boot step rewrites it) or does not decrypt (altered, not ours). The error never holds the value.
 */
export function decryptSecret(secretKey: SecretKey, stored: string, keyId: string | null, tenantId: string) {
  return decrypt(secretKey, stored, keyId, format, tenantData(tenantId));
}

/** Boot only: the plaintext of a `v1:` value (no associated data), to bind it to its tenant. */
export function decryptUnboundSecret(secretKey: SecretKey, stored: string, keyId: string | null) {
  return decrypt(secretKey, stored, keyId, unboundFormat, undefined);
}
