// Writes prisma/postgresql/schema.prisma from prisma/schema.prisma, the one data model
// (docs/decisions.md "PostgreSQL"): the same models with the postgresql provider and a
// client of its own in app/generated/prisma-postgresql. `--check` fails when the
// committed copy differs (a step of `npm test`, scripts/test.mjs, runs it).
import fs from "node:fs";
import path from "node:path";

const SOURCE = path.join("prisma", "schema.prisma");
export const POSTGRES_SCHEMA = path.join("prisma", "postgresql", "schema.prisma");

/** The PostgreSQL schema text for a SQLite schema text. */
export function postgresSchema(sqlite) {
  const out = sqlite
    .replace(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"')
    .replace('output       = "../app/generated/prisma"', 'output       = "../../app/generated/prisma-postgresql"');
  if (out === sqlite || !out.includes('"postgresql"') || !out.includes("prisma-postgresql")) {
    throw new Error(`${SOURCE}: the datasource provider or generator output line was not found`);
  }
  return `// Generated from prisma/schema.prisma by scripts/postgres-schema.mjs: edit that file, then run it.\n${out}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const expected = postgresSchema(fs.readFileSync(SOURCE, "utf8"));
  if (process.argv.includes("--check")) {
    const current = fs.existsSync(POSTGRES_SCHEMA) ? fs.readFileSync(POSTGRES_SCHEMA, "utf8") : "";
    if (current !== expected) {
      console.error(`${POSTGRES_SCHEMA} is out of date: run node scripts/postgres-schema.mjs`);
      process.exit(1);
    }
  } else {
    fs.mkdirSync(path.dirname(POSTGRES_SCHEMA), { recursive: true });
    fs.writeFileSync(POSTGRES_SCHEMA, expected);
  }
}
