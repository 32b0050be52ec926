// Prisma 7 reads the database URL from here (the schema's datasource has none).
// Only the CLI uses this file; the server passes its URL to @prisma/adapter-pg.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres:postgres@localhost:54329/console' },
});
