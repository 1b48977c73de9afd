// drizzle-kit reads this to generate SQL migrations into ./drizzle (committed).
// Run: npm run db:generate -w @kabuto/server
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every module's tables, composed where the app is composed (src/schema.ts).
  schema: './src/schema.ts',
  out: './drizzle',
});
