// drizzle-kit configuration: `npm run db:generate` (from the repository root)
// writes a new migration into server/src/db/migrations after a schema change.
// Paths are relative to the repository root, where npm runs the command.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema/index.ts',
  out: './server/src/db/migrations',
  strict: true,
  verbose: true,
});
