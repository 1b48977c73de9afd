// A throwaway database on a PostgreSQL server the caller runs (BENCH_*_POSTGRES_URL, e.g.
// postgres://postgres@127.0.0.1:5432/postgres): created for one bench run, dropped after it.
const path = require('path');

const pgClient = () => require(require.resolve('pg', { paths: [path.join(__dirname, '..', '..', 'server')] })).Client;

async function adminQuery(serverUrl, text) {
  const Client = pgClient();
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** Creates `<prefix>_<pid>` on `serverUrl`'s server: its url, and `drop()` (forces other sessions off). */
async function createScratchDatabase(serverUrl, prefix) {
  const name = `${prefix}_${process.pid}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`) };
}

module.exports = { createScratchDatabase };
