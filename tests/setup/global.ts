import fs from "node:fs";
import { TEST_DB_DIR } from "../helpers/migrations";

/** Starts every vitest run with no test databases left from the last one. */
export default function setup() {
  fs.rmSync(TEST_DB_DIR, { recursive: true, force: true });
}
