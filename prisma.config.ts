import fs from "node:fs";
import path from "node:path";
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

export default defineConfig({
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  engine: "js",
  experimental: { adapter: true },
  async adapter() {
    const url = env("DATABASE_URL");
    fs.mkdirSync(path.dirname(url.replace(/^file:/, "")), { recursive: true });
    return createSqliteAdapter(url, { reader: false });
  },
});
