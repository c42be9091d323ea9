/**
 * drizzle-kit configuration. Kept next to the schema (not at the repo top level):
 *   npx drizzle-kit generate --config src/server/db/drizzle.config.ts
 * Paths are relative to the working directory, so run it from the repository root.
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
  strict: true,
  verbose: true,
});
