// CI helper: `create` makes a fresh database on the local PostgreSQL and prints its URL (exit 1
// when no server answers); `drop URL` removes it. Uses the project's own `pg` (after install).
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../apps/api/package.json', import.meta.url));
const pg = require('pg');
const server = process.env.CI_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(sql) {
  const client = new pg.Client({ connectionString: server, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const [command, url] = process.argv.slice(2);
try {
  if (command === 'create') {
    const name = `atende_ci_${Date.now()}_${randomBytes(3).toString('hex')}`;
    await admin(`create database ${name}`);
    const target = new URL(server);
    target.pathname = `/${name}`;
    console.log(target.toString());
  } else if (command === 'drop' && url) {
    const name = new URL(url).pathname.slice(1);
    if (!/^atende_ci_\w+$/.test(name)) throw new Error(`refusing to drop ${name}`);
    await admin(`drop database if exists ${name} with (force)`);
  } else {
    console.error('usage: ci-database.mjs create | drop URL');
    process.exit(2);
  }
} catch (err) {
  console.error(`ci-database: ${err.message}`);
  process.exit(1);
}
