import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { root } from './lib.mjs';

// scripts/check-boundaries.mjs run on two small trees shaped like the repository:
// fixtures/boundaries/crossings holds one of each crossing and cycle, fixtures/boundaries/allowed
// what the rules let through (the lazy and type-only imports that would otherwise close a cycle).
const check = (fixture) =>
  spawnSync(process.execPath, ['scripts/check-boundaries.mjs', `scripts/fixtures/boundaries/${fixture}`], {
    cwd: root,
    encoding: 'utf8',
  });

describe('the boundaries check', () => {
  it('names every crossing and every cycle, and fails', () => {
    const result = check('crossings');
    expect(result.status).toBe(1);
    const [heading, ...problems] = result.stderr.trim().split('\n');
    expect(heading).toBe('Boundaries crossed (scripts/check-boundaries.mjs):');
    const web = 'apps/web/src';
    const api = 'apps/api/src';
    const alphaRepo = "imports the alpha module's repository (alpha/alpha.repo.ts): use its service";
    expect(problems.map((p) => p.trim()).sort()).toEqual(
      [
        `${web}/features/orders/orders.tsx: the orders feature imports the billing feature (features/billing/index.ts)`,
        `${web}/features/orders/orders.tsx: the orders feature imports the app shell (app/shell.tsx)`,
        `${web}/components/kit.tsx: the shared components/ imports features/billing/index.ts`,
        `${web}/lib/format.ts: the shared lib/ imports app/shell.tsx`,
        `${api}/modules/beta/beta.service.ts: the beta module reaches into alpha/alpha.rules.ts (use its service)`,
        `${api}/lib/tasks.ts: the infrastructure (lib/) imports the alpha module (alpha/alpha.service.ts)`,
        `${api}/db/schema.ts: the infrastructure (db/) imports the beta module (beta/beta.service.ts)`,
        `${api}/modules/beta/beta.test.ts: ${alphaRepo}`,
        `${api}/seed.ts: ${alphaRepo}`,
        `${api}/cli/admin.ts: ${alphaRepo}`,
        `${api}/test/helpers.ts: ${alphaRepo}`,
        `bench/alpha.ts: ${alphaRepo}`,
        `e2e/server.ts: ${alphaRepo}`,
        `scripts/tool.mjs: ${alphaRepo}`,
        `import cycle: ${web}/lib/format.ts → ${web}/lib/parse.ts → ${web}/lib/format.ts`,
        `import cycle: ${['ring-a', 'ring-b', 'ring-c', 'ring-a'].map((f) => `${api}/modules/alpha/${f}.ts`).join(' → ')}`,
      ].sort(),
    );
  });

  it('passes what the boundaries allow', () => {
    const result = check('allowed');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
