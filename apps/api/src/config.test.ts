import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
});
