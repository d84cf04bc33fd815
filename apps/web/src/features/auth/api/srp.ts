/**
 * The client's side of Cognito's SRP (USER_SRP_AUTH → PASSWORD_VERIFIER), as amazon-cognito-identity-js
 * and Amplify compute it: RFC 5054's 3072-bit group, g = 2, SHA-256, `padHex` encodings, the HKDF
 * "Caldera Derived Key". BigInt for the modular arithmetic, Web Crypto for the hashes. The
 * password never leaves the browser: only A and the claim's signature do. Part of the lazily
 * loaded identity chunk (cognito-client.ts imports it), never of the entry.
 */

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
const g = 2n;

/** Even-length hex of a non-negative integer, with `00` in front when its high bit is set. */
export function padHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

const toBig = (hex: string) => BigInt(`0x${hex || '0'}`);

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

const bytesToHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const utf8 = (text: string) => new TextEncoder().encode(text);

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

const bytesToBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

async function sha256(data: Uint8Array<ArrayBuffer>): Promise<string> {
  return bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', data)));
}

const hexHash = (hex: string) => sha256(hexToBytes(hex));

async function hmac(
  key: Uint8Array<ArrayBuffer>,
  data: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  const imported = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return new Uint8Array(await crypto.subtle.sign('HMAC', imported, data));
}

function modPow(base: bigint, exp: bigint, mod: bigint): bigint {
  let result = 1n;
  let b = ((base % mod) + mod) % mod;
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % mod;
    b = (b * b) % mod;
    e >>= 1n;
  }
  return result;
}

/** The client's ephemeral secret `a` (256 random bits) and its public value A = g^a. */
export interface SrpStart {
  a: bigint;
  A: bigint;
}

export function startSrp(
  a: bigint = toBig(bytesToHex(crypto.getRandomValues(new Uint8Array(32)))),
): SrpStart {
  const A = modPow(g, a, N);
  if (A === 0n) throw new Error('SRP: A mod N = 0');
  return { a, A };
}

/** TIMESTAMP as Cognito expects it: `ddd MMM D HH:mm:ss UTC YYYY`, the day not zero-padded. */
export function srpTimestamp(date = new Date()): string {
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][date.getUTCDay()];
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][
    date.getUTCMonth()
  ];
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
  return `${day} ${month} ${date.getUTCDate()} ${time} UTC ${date.getUTCFullYear()}`;
}

export interface PasswordClaimInput {
  /** The part of the pool id after '_'. */
  poolName: string;
  /** USER_ID_FOR_SRP, as the challenge named the user. */
  username: string;
  password: string;
  /** The challenge's SALT, SRP_B and SECRET_BLOCK, as sent. */
  salt: string;
  srpB: string;
  secretBlock: string;
  timestamp: string;
}

/** PASSWORD_CLAIM_SIGNATURE (base64) for the challenge, proving the password without sending it. */
export async function passwordClaimSignature({ a, A }: SrpStart, input: PasswordClaimInput): Promise<string> {
  const B = toBig(input.srpB);
  if (B % N === 0n) throw new Error('SRP: B mod N = 0');
  const u = toBig(await hexHash(padHex(A) + padHex(B)));
  if (u === 0n) throw new Error('SRP: u = 0');
  const k = toBig(await hexHash(padHex(N) + padHex(g)));
  const inner = await sha256(utf8(`${input.poolName}${input.username}:${input.password}`));
  const x = toBig(await hexHash(padHex(toBig(input.salt)) + inner));
  const S = modPow(B - k * modPow(g, x, N), a + u * x, N);
  const prk = await hmac(hexToBytes(padHex(u)), hexToBytes(padHex(S)));
  const key = (await hmac(prk, concat(utf8('Caldera Derived Key'), new Uint8Array([1])))).slice(0, 16);
  const signature = await hmac(
    key,
    concat(
      utf8(input.poolName),
      utf8(input.username),
      base64ToBytes(input.secretBlock),
      utf8(input.timestamp),
    ),
  );
  return bytesToBase64(signature);
}
