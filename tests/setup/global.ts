import fs from "node:fs";
import path from "node:path";

/** Starts every vitest run with no test databases left from the last one. */
export default function setup() {
  fs.rmSync(path.resolve("data", "test"), { recursive: true, force: true });
}
