// `node server/dist/db/migrate-cli.js`: migrates DATABASE_URL once, before a cluster's processes start.
import { loadEnv } from '../config/env';
import { openMigratedDatabase } from './client';

async function main(): Promise<void> {
  const { database } = loadEnv();
  if (database.kind !== 'postgres') throw new Error('DATABASE_URL (PostgreSQL) is required: PGlite migrates when npm start opens it');
  const opened = await openMigratedDatabase(database);
  await opened.close();
  console.log('migrated');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
