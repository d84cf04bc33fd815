import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import {
  decryptSecret,
  encryptSecret,
  keyFromText,
  loadSecretKey,
  secretKeyFileName,
} from './lib/secrets.ts';
import { loadVapidKeys, vapidKeyFileName } from './modules/notifications/push.keys.ts';
import { testVapidKeys } from './test/processes.ts';

function problemsOf(env: Record<string, string>) {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('loadConfig', () => {
  it('has working defaults for a newcomer', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.PUBLIC_URL).toBe('http://127.0.0.1:3000');
    expect(config.DATA_DIR).toMatch(/\.data$/);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.COGNITO_REGION).toBe('sa-east-1');
  });

  it('treats empty values as unset and trims the public URL', () => {
    const config = loadConfig({ DATABASE_URL: '', SMTP_URL: ' ', PUBLIC_URL: 'https://atende.example.com/' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('https://atende.example.com');
  });

  it('lists every problem, naming the variable and the value given', () => {
    const problems = problemsOf({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toBe('PORT: must be a whole number between 0 and 65535 (got "abc")');
    expect(problems.join('\n')).toContain(
      'DATABASE_URL: must be a URL starting with postgres:// or postgresql://',
    );
    expect(problems.join('\n')).toContain('LOG_LEVEL: must be one of');
  });

  it('rejects ports out of range and pairs that belong together', () => {
    expect(problemsOf({ PORT: '70000' })).toHaveLength(1);
    expect(problemsOf({ COGNITO_ISSUER: 'https://cognito-idp.sa-east-1.amazonaws.com/x' })).toEqual([
      'COGNITO_CLIENT_ID: required when COGNITO_ISSUER is set',
    ]);
  });

  it('trusts X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ DATA_DIR: '/tmp/x', TRUST_PROXY: '10.0.0.0/8, loopback' }).TRUST_PROXY).toBe(
      '10.0.0.0/8,loopback',
    );
    for (const value of ['true', '1', '2', 'proxy.local']) {
      expect(problemsOf({ TRUST_PROXY: value })[0]).toContain('TRUST_PROXY: must be false or');
    }
  });

  it('reads the DigiSac settings: private hosts off and a 10 s deadline by default', () => {
    const config = loadConfig({});
    expect(config.DIGISAC_ALLOW_PRIVATE_HOSTS).toBe(false);
    expect(config.DIGISAC_TIMEOUT_MS).toBe(10_000);
    expect(config.SECRET_KEY).toBeUndefined();
    const set = loadConfig({ DIGISAC_ALLOW_PRIVATE_HOSTS: 'true', DIGISAC_TIMEOUT_MS: '500' });
    expect(set.DIGISAC_ALLOW_PRIVATE_HOSTS).toBe(true);
    expect(set.DIGISAC_TIMEOUT_MS).toBe(500);
    expect(problemsOf({ DIGISAC_ALLOW_PRIVATE_HOSTS: 'yes' })[0]).toContain(
      'DIGISAC_ALLOW_PRIVATE_HOSTS: must be true or false',
    );
    expect(problemsOf({ DIGISAC_TIMEOUT_MS: '10' })[0]).toContain(
      'DIGISAC_TIMEOUT_MS: must be a whole number',
    );
  });

  it("never echoes a URL's password or query in a configuration error (issue 26, item 8)", () => {
    const problems = problemsOf({
      DATABASE_URL: 'mysql://atende:senha-do-banco@db:3306/atende',
      SMTP_URL: 'http://mailer:senha-do-smtp@smtp.example.com',
      OPENAI_BASE_URL: 'ftp://x:senha-da-ia@llm.internal/v1?api_key=chave-da-ia',
    });
    expect(problems).toHaveLength(3);
    const text = problems.join('\n');
    for (const secret of [
      'senha-do-banco',
      'senha-do-smtp',
      'senha-da-ia',
      'chave-da-ia',
      'mailer',
      'atende:',
    ]) {
      expect(text).not.toContain(secret);
    }
    // What is wrong is still said, with where the value points.
    expect(text).toContain(
      'DATABASE_URL: must be a URL starting with postgres:// or postgresql:// (got "mysql://db:3306")',
    );
    expect(text).toContain('(got "ftp://llm.internal")');
    // Even when it does not parse as a URL.
    expect(problemsOf({ DATABASE_URL: 'postgres//u:segredo@@db' }).join('')).not.toContain('segredo');
  });

  it('shows a malformed URL variable as (hidden): no @ or libpq form echoed (issue 26, item 8 review)', () => {
    const malformed = {
      DATABASE_URL: 'postgres://atende:senha-sem-arroba/atende',
      SMTP_URL: 'host=smtp password=senha-libpq',
      OPENAI_BASE_URL: 'https//ia:senha-da-ia/v1',
      COGNITO_JWKS_URL: 'https://cognito:senha-jwks',
    };
    const problems = problemsOf(malformed);
    expect(problems).toHaveLength(4);
    const text = problems.join('\n');
    for (const secret of ['senha-sem-arroba', 'senha-libpq', 'senha-da-ia', 'senha-jwks', 'atende:']) {
      expect(text).not.toContain(secret);
    }
    for (const name of Object.keys(malformed)) {
      expect(problems.find((p) => p.startsWith(`${name}:`))).toMatch(/\(got "\(hidden\)"\)$/);
    }
  });

  it('reads the DNS and DigiSac answer limits, with their defaults (issue 26, items 1 and 4)', () => {
    const config = loadConfig({});
    expect(config.DNS_SERVERS).toBeUndefined();
    expect(config.DNS_TIMEOUT_MS).toBe(3000);
    expect(config.DNS_MAX_CONCURRENT_LOOKUPS).toBe(32);
    expect(config.DNS_MAX_CONCURRENT_LOOKUPS_PER_TENANT).toBe(4);
    expect(config.DIGISAC_MAX_RESPONSE_BYTES).toBe(5 * 1024 * 1024);
    expect(config.DIGISAC_MAX_RESPONSE_VALUES).toBe(100_000);
    expect(
      loadConfig({ DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353,[::1]:53,2001:4860:4860::8888' }).DNS_SERVERS,
    ).toEqual(['1.1.1.1', '127.0.0.1:5353', '[::1]:53', '2001:4860:4860::8888']);
    for (const value of ['dns.google', '1.1.1.1:99999', '1.1.1.1;8.8.8.8']) {
      expect(problemsOf({ DNS_SERVERS: value })[0], value).toContain(
        'DNS_SERVERS: must be a comma-separated list',
      );
    }
    expect(problemsOf({ DNS_MAX_CONCURRENT_LOOKUPS: '0' })[0]).toContain('DNS_MAX_CONCURRENT_LOOKUPS');
    expect(problemsOf({ DNS_MAX_CONCURRENT_LOOKUPS_PER_TENANT: '0' })[0]).toContain(
      'DNS_MAX_CONCURRENT_LOOKUPS_PER_TENANT',
    );
  });

  it('needs SECRET_KEY with DATABASE_URL, and never prints it', () => {
    expect(problemsOf({ DATABASE_URL: 'postgres://db/atende' })).toEqual([
      expect.stringMatching(/^SECRET_KEY: required when DATABASE_URL is set/),
      expect.stringMatching(/^VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: required when DATABASE_URL is set/),
    ]);
    const key = 'a'.repeat(32);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/atende', SECRET_KEY: key, ...testVapidKeys }).SECRET_KEY,
    ).toBe(key);
    const short = problemsOf({ SECRET_KEY: 'curta-demais-e-secreta' });
    expect(short).toEqual([
      'SECRET_KEY: must be 32 bytes as 64 hex digits or base64, or a passphrase of at least 32 characters',
    ]);
    expect(short.join('')).not.toContain('curta-demais');
  });

  it('takes a VAPID pair (both or neither, in base64url), a mailto:/https: subject, and never prints the private key', () => {
    const pair = loadConfig(testVapidKeys);
    expect(pair.VAPID_PUBLIC_KEY).toBe(testVapidKeys.VAPID_PUBLIC_KEY);
    expect(pair.PUSH_ALLOW_PRIVATE_HOSTS).toBe(false);
    expect(problemsOf({ VAPID_PUBLIC_KEY: testVapidKeys.VAPID_PUBLIC_KEY })).toEqual([
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both (one pair) or neither',
    ]);
    const bad = problemsOf({ ...testVapidKeys, VAPID_PRIVATE_KEY: 'chave-privada-curta' });
    expect(bad).toEqual([
      'VAPID_PRIVATE_KEY: must be a P-256 private key: 32 bytes in base64url (npm run admin -- vapid-keys)',
    ]);
    expect(bad.join('')).not.toContain('chave-privada');
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:suporte@empresa.com.br' }).VAPID_SUBJECT).toBe(
      'mailto:suporte@empresa.com.br',
    );
    expect(problemsOf({ VAPID_SUBJECT: 'http://empresa.com.br' })[0]).toMatch(
      /^VAPID_SUBJECT: must be a mailto:/,
    );
  });

  it('without VAPID_* generates DATA_DIR/vapid.json once (mode 0600), the configured pair wins', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atende-vapid-'));
    const first = loadVapidKeys(loadConfig({ DATA_DIR: dir }));
    expect(fs.statSync(path.join(dir, vapidKeyFileName)).mode & 0o777).toBe(0o600);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(loadVapidKeys(loadConfig({ DATA_DIR: dir })).publicKey).toBe(first.publicKey);
    expect(first.subject).toBe('mailto:webpush@atende.invalid');
    const configured = loadVapidKeys(
      loadConfig({ DATA_DIR: dir, ...testVapidKeys, PUBLIC_URL: 'https://a.example' }),
    );
    expect(configured.publicKey).toBe(testVapidKeys.VAPID_PUBLIC_KEY);
    expect(configured.subject).toBe('https://a.example');
  });

  it('caps live notification streams per user and per tenant, and bounds their replay', () => {
    const config = loadConfig({});
    expect(config.NOTIFICATION_STREAMS_PER_USER).toBe(5);
    expect(config.NOTIFICATION_STREAMS_PER_TENANT).toBe(200);
    expect(config.NOTIFICATION_REPLAY_WINDOW).toBe(1000);
    expect(loadConfig({ NOTIFICATION_STREAMS_PER_USER: '2' }).NOTIFICATION_STREAMS_PER_USER).toBe(2);
    for (const name of [
      'NOTIFICATION_STREAMS_PER_USER',
      'NOTIFICATION_STREAMS_PER_TENANT',
      'NOTIFICATION_REPLAY_WINDOW',
    ]) {
      expect(problemsOf({ [name]: '0' })[0], name).toContain(`${name}: must be a whole number`);
    }
  });

  it('reads SECRET_KEY as hex, base64 or a passphrase; without it generates DATA_DIR/secret.key once', () => {
    const bytes = Buffer.alloc(32, 7);
    expect(keyFromText(bytes.toString('hex'))).toEqual(bytes);
    expect(keyFromText(bytes.toString('base64'))).toEqual(bytes);
    expect(keyFromText(bytes.toString('base64url'))).toEqual(bytes);
    expect(keyFromText('uma frase-senha longa o bastante para a chave')).toHaveLength(32);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atende-key-'));
    const first = loadSecretKey({ DATA_DIR: dir, SECRET_KEY: undefined });
    const file = path.join(dir, secretKeyFileName);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = loadSecretKey({ DATA_DIR: dir, SECRET_KEY: undefined });
    expect(again.id).toBe(first.id);
    expect(again.key).toEqual(first.key);
    const tenantId = '0b7e7a52-8f3e-4e55-9d7c-3c1f2b9a6d10';
    const stored = encryptSecret(first, 'token-secreto', tenantId);
    expect(decryptSecret(again, stored, first.id, tenantId)).toBe('token-secreto');
    // SECRET_KEY wins over the file; a value under another key is refused, not garbled.
    const configured = loadSecretKey({ DATA_DIR: dir, SECRET_KEY: 'b'.repeat(64) });
    expect(configured.id).not.toBe(first.id);
    expect(() => decryptSecret(configured, stored, first.id, tenantId)).toThrow('another key');
    expect(() => decryptSecret({ ...configured, id: first.id }, stored, first.id, tenantId)).toThrow(
      'does not decrypt',
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
