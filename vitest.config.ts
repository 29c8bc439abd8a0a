import path from "node:path";
import { defineConfig } from "vitest/config";

// `npm test` runs vitest twice: everything on SQLite, then the integration suite on
// PostgreSQL (TEST_POSTGRES_URL set by scripts/test.mjs; docs/decisions.md "PostgreSQL").
const onPostgres = Boolean(process.env.TEST_POSTGRES_URL);

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  esbuild: { jsx: "automatic" },
  test: {
    include: onPostgres ? ["tests/integration/**/*.test.ts"] : ["app/**/*.test.{ts,tsx}", "tests/**/*.test.{ts,tsx}"],
    exclude: [
      "tests/e2e/**",
      "node_modules/**",
      // About SQLite itself (its write lock, its connections, copying its file), or about the HTTP
      // server over a seeded SQLite database of its own (tests/helpers/shop-server.ts): nothing
      // to run again on PostgreSQL.
      ...(onPostgres
        ? [
            "tests/integration/database-busy.test.ts",
            "tests/integration/database.test.ts",
            "tests/integration/backup.test.ts",
            "tests/integration/page-cache-server.test.ts",
            "tests/integration/graceful-shutdown.test.ts",
            "tests/integration/site-access-server.test.ts",
          ]
        : []),
    ],
    globalSetup: ["tests/setup/global.ts"],
    setupFiles: ["tests/setup/database.ts"],
    pool: "forks",
    // Two cores: two workers, each with its own database.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
