import {
  createCipheriv,
  createDecipheriv,
  createDiffieHellman,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { builtInPoolId } from './idp-config.ts';

// Cognito's SRP (USER_SRP_AUTH / PASSWORD_VERIFIER), as the public client libraries speak it
// (amazon-cognito-identity-js's AuthenticationHelper, Amplify v6): RFC 5054's 3072-bit group,
// g = 2, SHA-256, `padHex` encodings, HKDF "Caldera Derived Key". The server's side:
//   v = g^x, x = H(padHex(salt) ‖ H(poolName ‖ username ‖ ":" ‖ password))   (stored per user)
//   B = k·v + g^b,  u = H(padHex(A) ‖ padHex(B)),  S = (A·v^u)^b,  key = HKDF(padHex(S), padHex(u))
//   signature = HMAC(key, poolName ‖ username ‖ SECRET_BLOCK bytes ‖ TIMESTAMP)
// Modular exponentiation is OpenSSL's (a Diffie-Hellman object over N computes base^exp mod N in
// constant time for the exponent): ~0.5 ms for a 256-bit exponent, where BigInt takes ~4 ms.

const nHex =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
  'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
  'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
  '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
  'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
  '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
  'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
  'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';
const N = BigInt(`0x${nHex}`);
const nBuffer = Buffer.from(nHex, 'hex');
const nBytes = nBuffer.length; // 384
const g = 2n;

/** Even-length hex of a non-negative integer, with `00` in front when its high bit is set. */
export function padHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hexHash = (hex: string) => sha256Hex(Buffer.from(hex, 'hex'));
const toBig = (hex: string) => BigInt(`0x${hex || '0'}`);
const toBytes = (value: bigint, length: number) =>
  Buffer.from(value.toString(16).padStart(length * 2, '0'), 'hex');

const k = toBig(hexHash(padHex(N) + padHex(g)));

/**
 * base^exp mod N through OpenSSL. The base must lie in [2, N − 2] (OpenSSL refuses a trivial
 * "public key"); undefined otherwise, which callers treat as a refusal.
 */
function modPow(base: bigint, exp: bigint): bigint | undefined {
  if (base < 2n || base > N - 2n) return undefined;
  const dh = createDiffieHellman(nBuffer, Buffer.from([2]));
  dh.setPrivateKey(toBytes(exp, Math.max(1, Math.ceil(exp.toString(16).length / 2))));
  return toBig(dh.computeSecret(toBytes(base, nBytes)).toString('hex'));
}

/** The pool's name as SRP uses it: the part of the pool id after '_' (`sa-east-1_atende` → `atende`). */
export const srpPoolName = builtInPoolId.split('_')[1] ?? '';

/** A verifier and its salt for a password, both hex: what users.srp_verifier/srp_salt store. */
export interface SrpVerifier {
  srpSalt: string;
  srpVerifier: string;
}

const xOf = (username: string, salt: string, password: string) =>
  toBig(hexHash(padHex(toBig(salt)) + sha256Hex(`${srpPoolName}${username}:${password}`)));

/**
 * THE function that makes a user's SRP verifier, wherever a password is set (CLI, seed, first
 * access, reset, invitation, a password sign-in of a user who has none yet). `username` is the
 * stored lower-case e-mail (USER_ID_FOR_SRP): clients derive x from it.
 */
export function makeSrpVerifier(username: string, password: string): SrpVerifier {
  const salt = padHex(toBig(randomBytes(16).toString('hex')));
  const v = modPow(g, xOf(username, salt, password));
  if (v === undefined) throw new Error('SRP verifier out of range'); // never for g = 2
  return { srpSalt: salt, srpVerifier: padHex(v) };
}

/** A verifier nobody's password gives: unknown users and users without one are checked against it. */
let decoy: bigint | undefined;
const decoyVerifier = () => {
  decoy ??= modPow(g, toBig(randomBytes(32).toString('hex'))) ?? 2n;
  return decoy;
};

/** SRP_A as sent: hex of 1..N−1 (`A mod N = 0` is refused, as is anything not reduced). */
export function parseSrpA(text: string | undefined): bigint | undefined {
  if (!text || !/^[0-9a-fA-F]{1,800}$/.test(text)) return undefined;
  const A = toBig(text);
  return A > 0n && A < N ? A : undefined;
}

export interface ServerChallenge {
  b: bigint;
  B: bigint;
  u: bigint;
}

/** The server's ephemeral pair for `A` against `verifier` (hex; undefined: the decoy). */
export function serverChallenge(A: bigint, verifier: string | null | undefined): ServerChallenge {
  const v = verifier ? toBig(verifier) : decoyVerifier();
  for (;;) {
    const b = toBig(randomBytes(32).toString('hex'));
    const gb = modPow(g, b);
    if (gb === undefined) continue;
    const B = (k * v + gb) % N;
    const u = toBig(hexHash(padHex(A) + padHex(B)));
    if (B !== 0n && u !== 0n) return { b, B, u };
  }
}

/** HKDF as the clients compute it: HMAC(HMAC(padHex(u), padHex(S)), info ‖ 0x01), first 16 bytes. */
function sessionKey(S: bigint, u: bigint) {
  const prk = createHmac('sha256', Buffer.from(padHex(u), 'hex'))
    .update(Buffer.from(padHex(S), 'hex'))
    .digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]))
    .digest()
    .subarray(0, 16);
}

const weekDays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const timestampPattern = /^([A-Z][a-z]{2}) ([A-Z][a-z]{2}) ([1-9]\d?) (\d\d):(\d\d):(\d\d) UTC (\d{4})$/;

/**
 * Whether TIMESTAMP is a real date as the clients format it: `ddd MMM D HH:mm:ss UTC YYYY`, the
 * day not zero-padded, the weekday that date's (Cognito refuses `Sep 05` and a wrong weekday).
 */
export function isSrpTimestamp(text: string): boolean {
  const parts = timestampPattern.exec(text);
  if (!parts) return false;
  const [weekDay, month, ...numbers] = parts.slice(1);
  const [day = 0, hours = 0, minutes = 0, seconds = 0, year = 0] = numbers.map(Number);
  const monthIndex = months.indexOf(month ?? '');
  if (monthIndex < 0 || hours > 23 || minutes > 59 || seconds > 59) return false;
  const date = new Date(Date.UTC(year, monthIndex, day, hours, minutes, seconds));
  return date.getUTCDate() === day && weekDays[date.getUTCDay()] === weekDay;
}

export interface PasswordClaim {
  username: string;
  /** The SECRET_BLOCK as sent (base64): its bytes are signed. */
  secretBlock: string;
  timestamp: string;
  signature: string;
}

/**
 * Whether the client's PASSWORD_CLAIM_SIGNATURE proves it knows the password behind `verifier`
 * (null: the decoy, which never matches), for the challenge the SECRET_BLOCK carried. The same
 * work whichever the verifier.
 */
export function verifyPasswordClaim(
  challenge: { A: bigint; b: bigint; u: bigint },
  verifier: string | null | undefined,
  claim: PasswordClaim,
): boolean {
  const v = verifier ? toBig(verifier) : decoyVerifier();
  const vu = modPow(v, challenge.u);
  const S = vu === undefined ? undefined : modPow((challenge.A * vu) % N, challenge.b);
  // A trivial base (an attacker's A chosen against v) proves nothing: refused, after the same work.
  const key = sessionKey(S ?? 0n, challenge.u);
  const expected = createHmac('sha256', key)
    .update(
      Buffer.concat([
        Buffer.from(srpPoolName, 'utf8'),
        Buffer.from(claim.username, 'utf8'),
        Buffer.from(claim.secretBlock, 'base64'),
        Buffer.from(claim.timestamp, 'utf8'),
      ]),
    )
    .digest();
  const given = Buffer.from(claim.signature, 'base64');
  const matches = given.length === expected.length && timingSafeEqual(given, expected);
  return matches && S !== undefined && verifier != null;
}

/**
 * The SECRET_BLOCK: everything the server must remember between InitiateAuth and the claim,
 * sealed with AES-256-GCM under a key derived from the server's SECRET_KEY (any process of the
 * deployment opens it; nothing is stored at InitiateAuth). Bound to the user (its name and id)
 * and to B (through u = H(A ‖ B)); it expires, and its nonce makes it single-use (srp_claims).
 */
export interface SecretBlock {
  nonce: string;
  username: string;
  /** The user's id, or the nil uuid for a name without a user. */
  userId: string;
  expiresAt: Date;
  A: bigint;
  b: bigint;
  u: bigint;
}

const blockVersion = 1;
const blockData = Buffer.from('atende-srp-secret-block-v1', 'utf8');
export const nilUuid = '00000000-0000-0000-0000-000000000000';

/** The block's key: HKDF-SHA256 of the server's secret key (never the key itself). */
export function secretBlockKey(serverKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', serverKey, Buffer.alloc(0), 'atende srp secret block', 32));
}

/** A salt for a name without a verifier: stable per name (as a real one is), told by nothing. */
export function decoySalt(blockKey: Buffer, username: string): string {
  return padHex(
    toBig(createHmac('sha256', blockKey).update(`srp-salt:${username}`).digest('hex').slice(0, 32)),
  );
}

export function sealSecretBlock(blockKey: Buffer, block: Omit<SecretBlock, 'nonce'>): string {
  const nonce = randomBytes(16);
  const expires = Buffer.alloc(8);
  expires.writeBigUInt64BE(BigInt(block.expiresAt.getTime()));
  const plain = Buffer.concat([
    Buffer.from([blockVersion]),
    nonce,
    expires,
    Buffer.from(block.userId.replaceAll('-', ''), 'hex'),
    toBytes(block.b, 32),
    toBytes(block.u, 32),
    toBytes(block.A, nBytes),
    Buffer.from(block.username, 'utf8'),
  ]);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', blockKey, iv);
  cipher.setAAD(blockData);
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

/** The block's contents, or undefined when it was not sealed with this key (or is malformed). */
export function openSecretBlock(blockKey: Buffer, text: string): SecretBlock | undefined {
  const raw = Buffer.from(text, 'base64');
  if (raw.length < 12 + 16 + 1 + 16 + 8 + 16 + 32 + 32 + nBytes) return undefined;
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-gcm', blockKey, raw.subarray(0, 12));
    decipher.setAAD(blockData);
    decipher.setAuthTag(raw.subarray(12, 28));
    plain = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
  } catch {
    return undefined;
  }
  if (plain[0] !== blockVersion) return undefined;
  let at = 1;
  const take = (n: number) => {
    const part = plain.subarray(at, at + n);
    at += n;
    return part;
  };
  const nonce = take(16).toString('base64url');
  const expiresAt = new Date(Number(take(8).readBigUInt64BE()));
  const id = take(16).toString('hex');
  const userId = `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
  const b = toBig(take(32).toString('hex'));
  const u = toBig(take(32).toString('hex'));
  const A = toBig(take(nBytes).toString('hex'));
  const username = plain.subarray(at).toString('utf8');
  return { nonce, username, userId, expiresAt, A, b, u };
}
