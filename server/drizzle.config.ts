// drizzle-kit reads this to generate SQL migrations into ./drizzle (committed).
// Run: npm run db:generate -w @kabuto/server
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
