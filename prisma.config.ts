import fs from "node:fs";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { defineConfig, env } from "prisma/config";
import { createSqliteAdapter } from "./app/sqlite-adapter.server";

// The Prisma CLI does not read .env when a config file exists, and without a
// DATABASE_URL it tries to download a native engine (no network here), so the
// default lives in one place: this file.
try {
  process.loadEnvFile();
} catch {
  // no .env file: defaults apply
}
process.env.DATABASE_URL ??= "file:./data/shop.db";
// PostgreSQL has its own schema copy and migrations (docs/decisions.md "PostgreSQL").
const postgres = /^postgres(ql)?:/.test(process.env.DATABASE_URL);

export default defineConfig({
  schema: postgres ? path.join("prisma", "postgresql", "schema.prisma") : path.join("prisma", "schema.prisma"),
  migrations: { path: postgres ? path.join("prisma", "postgresql", "migrations") : path.join("prisma", "migrations") },
  engine: "js",
  experimental: { adapter: true },
  async adapter() {
    const url = env("DATABASE_URL");
    if (postgres) return new PrismaPg({ connectionString: url });
    fs.mkdirSync(path.dirname(url.replace(/^file:/, "")), { recursive: true });
    return createSqliteAdapter(url, { reader: false });
  },
});
