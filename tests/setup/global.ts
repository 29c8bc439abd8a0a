import fs from "node:fs";
import { preparePostgresTemplate, TEST_DB_DIR, TEST_POSTGRES_URL } from "../helpers/migrations";

/** Starts every vitest run with no test databases left from the last one. */
export default async function setup() {
  fs.rmSync(TEST_DB_DIR, { recursive: true, force: true });
  if (TEST_POSTGRES_URL) await preparePostgresTemplate();
}
