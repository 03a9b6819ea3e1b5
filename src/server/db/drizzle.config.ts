import { defineConfig } from 'drizzle-kit';

// Relative `out`: drizzle-kit mishandles an absolute path on the second generate.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
  casing: 'snake_case',
});
