import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeDigisac, fakeDigisacToken, startFakeDigisac } from './test/fake-digisac.ts';
import { json, signInIdToken } from './test/helpers.ts';
import {
  repoRoot,
  type ServerProcess,
  scratchPostgresDatabase,
  startServerProcess,
} from './test/processes.ts';

// The production build (scripts/build-server.mjs, what `npm start` runs): plain node, no tsx.
// Built into a directory of its own, then used as a person would: sign-in (argon2), an analysis
// (the CPU pool's worker threads, a bundle entry of their own), the SPA, the PostgreSQL driver
// (loaded only with DATABASE_URL) on the PostgreSQL pass.
describe('the server build', () => {
  // Inside the repository (in the ignored .cache/): the bundle imports npm packages from node_modules.
  fs.mkdirSync(path.join(repoRoot, '.cache'), { recursive: true });
  const dist = fs.mkdtempSync(path.join(repoRoot, '.cache', 'server-build-'));
  let server: ServerProcess | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let fake: FakeDigisac | undefined;
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
    await dropDatabase?.();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('runs with plain node: signs in, analyses on its worker threads, calls DigiSac, serves the SPA', async () => {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs', dist], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    expect(fs.readdirSync(dist)).toEqual(expect.arrayContaining(['server.mjs', 'worker.mjs', 'drizzle']));
    // Nothing in the bundle loads TypeScript at run time.
    for (const file of fs.readdirSync(dist).filter((f) => f.endsWith('.mjs'))) {
      expect(fs.readFileSync(path.join(dist, file), 'utf8'), file).not.toMatch(/from ["']tsx|\.ts["']\)/);
    }

    const web = path.join(dist, 'web');
    fs.mkdirSync(web);
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Atende</title>');
    const env: Record<string, string> = {
      DEMO_PASSWORD: 'Demo#Senha2026',
      MIGRATIONS_DIR: path.join(dist, 'drizzle'),
      WEB_DIST_DIR: web,
      // The fake DigiSac listens on 127.0.0.1 over http.
      DIGISAC_ALLOW_PRIVATE_HOSTS: 'true',
    };
    fake = await startFakeDigisac({ tickets: 30 });
    if (process.env.TEST_DB === 'postgres') {
      const scratch = await scratchPostgresDatabase();
      env.DATABASE_URL = scratch.url;
      dropDatabase = scratch.drop;
    }
    server = await startServerProcess(env, {
      nodeArgs: ['--enable-source-maps', path.join(dist, 'server.mjs')],
      timeoutMs: 60_000,
    });
    expect(server.output()).toContain('Seeded the demo tenant');

    const token = await signInIdToken(server.url, { email: 'demo@atende.local', password: 'Demo#Senha2026' });
    const api = (url: string, init: RequestInit = {}) =>
      fetch(`${server?.url}/api/v1${url}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
    const list = await api('/tickets?per_page=1');
    expect(list.status).toBe(200);
    const [ticket] = (await json(list)).tickets;
    const analysed = await api(`/tickets/${ticket.id}/analyze`, {
      method: 'POST',
      body: JSON.stringify({ force_reanalysis: true }),
    });
    expect(analysed.status).toBe(200);
    expect((await json(analysed)).analysis.provider).toBe('local');

    // The DigiSac client (https/http.request, request-filtering-agent) from the bundle.
    const saved = await api('/tenants/settings', {
      method: 'PUT',
      body: JSON.stringify({ name: 'Demonstração', digisac_host: fake.url, digisac_token: fakeDigisacToken }),
    });
    expect(saved.status).toBe(200);
    const tenant = await json(await api('/tenants/current'));
    const digisac = await api(`/tenants/${tenant.id}/digisac/tickets?per_page=20`);
    expect(digisac.status).toBe(200);
    expect(await json(digisac)).toMatchObject({ total: 30, page: 1, per_page: 20, last_page: 2 });
    const test = await api('/tenants/settings/digisac/test', { method: 'POST', body: '{}' });
    expect((await json(test)).ok).toBe(true);

    const page = await fetch(`${server.url}/tickets`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Atende</title>');
  }, 120_000); // builds the server, then starts it as a process: slow on a loaded machine
});
