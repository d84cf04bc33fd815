import { randomUUID, type webcrypto } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Db } from '../../db/client.ts';
import { signingKeys } from '../../db/schema/index.ts';

/** Any constant shared by every Atende process: serialises the creation of the first key. */
const firstKeyLockKey = 7_201_400_503;

export interface SigningKey {
  kid: string;
  privateKey: webcrypto.CryptoKey;
  publicJwks: { keys: JWK[] };
}

/**
 * The newest RS256 key pair, created on first use and kept in the database so tokens survive
 * restarts. The JWKS lists every stored public key, so a rotated key keeps verifying.
 */
export async function loadSigningKey(db: Db): Promise<SigningKey> {
  let rows = await db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt));
  if (rows.length === 0) {
    const { privateKey, publicKey } = await generateKeyPair('RS256', {
      extractable: true,
      modulusLength: 2048,
    });
    const kid = randomUUID();
    const meta = { kid, alg: 'RS256', use: 'sig' };
    const values = {
      kid,
      privateJwk: { ...(await exportJWK(privateKey)), ...meta },
      publicJwk: { ...(await exportJWK(publicKey)), ...meta },
    };
    // Processes starting together on one empty database must agree on one key (else each
    // refuses the other's tokens): the first to take the lock stores its key, the rest use it.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${firstKeyLockKey})`);
      const [existing] = await tx.select({ kid: signingKeys.kid }).from(signingKeys).limit(1);
      if (!existing) await tx.insert(signingKeys).values(values);
    });
    rows = await db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt));
  }
  const [newest] = rows;
  if (!newest) throw new Error('no signing key');
  return {
    kid: newest.kid,
    privateKey: (await importJWK(newest.privateJwk, 'RS256')) as webcrypto.CryptoKey,
    publicJwks: { keys: rows.map((r) => r.publicJwk) },
  };
}
