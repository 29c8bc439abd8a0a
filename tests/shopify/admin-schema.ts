// Shopify's published Admin API schema (2026-04), the contract the shop's Admin API documents are
// validated against and the loopback Admin API server executes. Shopify publishes it, as an
// introspection result, in the npm package @shopify/dev-mcp (pinned below); the package's
// dependencies are many and heavy, so the test takes the one file from the package's tarball
// (`npm pack`, checked by npm against the registry's integrity) into node_modules/.cache once.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { buildClientSchema, parse, validate, type GraphQLError, type IntrospectionQuery } from "graphql";

const PACKAGE = "@shopify/dev-mcp@1.16.0";
const FILE = "package/dist/data/admin_2026-04.json.gz";
const CACHE = path.resolve("node_modules/.cache/shopify-admin-schema");

function schemaFile(): string {
  const target = path.join(CACHE, path.basename(FILE));
  if (fs.existsSync(target)) return target;
  fs.mkdirSync(CACHE, { recursive: true });
  const work = fs.mkdtempSync(path.join(CACHE, "pack-"));
  try {
    const tarball = execFileSync("npm", ["pack", PACKAGE, "--silent", "--pack-destination", work], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      timeout: 180_000,
    }).trim();
    execFileSync("tar", ["xzf", path.join(work, tarball.split("\n").pop()!), "-C", work, FILE], { timeout: 60_000 });
    fs.renameSync(path.join(work, FILE), target);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return target;
}

const introspection = JSON.parse(zlib.gunzipSync(fs.readFileSync(schemaFile())).toString("utf8")) as {
  data: IntrospectionQuery;
};

export const adminSchema = buildClientSchema(introspection.data);

/** The schema's objections to a document: none for a document Shopify's Admin API would accept. */
export function validateAdminDocument(source: string): readonly GraphQLError[] {
  return validate(adminSchema, parse(source));
}
