import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { demo } from './fixtures.ts';

// One real server for the run: fresh PGlite data, demo seed + fixture users, the built web app. Set in the
// environment so Playwright's worker processes (which re-read this file) agree with the runner.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000));
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'atende-e2e-'));
// The fake DigiSac (apps/api/src/test/fake-digisac.ts) the server calls for digisac.spec.ts, on
// the port after the server's.
process.env.E2E_DIGISAC_PORT ??= String(Number(process.env.E2E_PORT) + 1);
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const repoRoot = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: 'specs',
  outputDir: '../.cache/e2e-results',
  // A slow or busy CI machine (2 cores shared by the server, its CPU pool and two browsers) has
  // taken twice as long as a quiet one: time-outs are for hangs, not for speed.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  use: {
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        // Debian's Chromium, never a downloaded browser; quiet on this machine's closed network.
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      // From the repository's root, where the server's paths (config.ts) are relative to.
      command: 'node --import tsx e2e/server.ts',
      cwd: repoRoot,
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        PORT: process.env.E2E_PORT,
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        DEMO_PASSWORD: demo.password,
        LOG_LEVEL: 'warn',
        // The fake DigiSac is plain http:// on 127.0.0.1: allowed here only (docs/SECURITY.md).
        DIGISAC_ALLOW_PRIVATE_HOSTS: 'true',
        // Every spec signs in from 127.0.0.1, often as the same user, two workers at once: one
        // address and one account stand for a whole office here, so the per-address and per-user
        // limits (docs/SECURITY.md) are raised; their own tests are in apps/api/src/security/.
        SIGNIN_LIMIT_PER_ADDRESS_PER_MINUTE: '10000',
        API_RATE_LIMIT_PER_USER_PER_MINUTE: '100000',
        // The specs check what a person sees, not this machine's load: a server starved for a
        // second (two browsers, the server and PGlite on two cores) answered 503s to whole specs.
        OVERLOAD_EVENT_LOOP_DELAY_MS: '10000',
        // E2E_WEB_DIST: test another build of the web app (parallel work on one checkout).
        ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
      },
    },
    {
      // 300 tickets; 'token-de-teste-digisac' is its good token. Ready when it answers (a 401
      // without a token).
      command: 'node --import tsx apps/api/src/test/fake-digisac.ts',
      cwd: repoRoot,
      url: `http://127.0.0.1:${process.env.E2E_DIGISAC_PORT}/api/v1/me`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      env: { PORT: process.env.E2E_DIGISAC_PORT },
    },
  ],
});
