// Every repository path the documentation names in backticks exists (docs/rules.md "Documentation"):
// a renamed or deleted file, or a path written with the wrong extension or folder, fails here
// instead of misleading the next reader.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const DOCS = [
  "README.md",
  ...fs
    .readdirSync(path.join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];
/** A path ending in one of these names a file even when it is written relative to a folder (`content/types.ts`). */
const FILE_EXTENSION = /\.(ts|tsx|mts|js|mjs|cjs|jsx|md|prisma|sql|sh|json|jsonc|css)$/;

/** Folders written at the root of .gitignore (`/data/`, `/public/build/`): made by a run, not committed. */
function ignoredFolders(): string[] {
  const lines = fs.readFileSync(path.join(ROOT, ".gitignore"), "utf8").split("\n");
  const rooted = lines.filter((line) => line.startsWith("/")).map((line) => line.replace(/^\/|\/$/g, ""));
  return [...rooted, "node_modules", ".git"];
}

/** Every file and folder of the repository, relative to its root, without the ignored folders. */
function repositoryPaths(ignored: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (ignored.includes(rel)) continue;
      out.push(rel);
      if (entry.isDirectory()) walk(rel);
    }
  };
  walk("");
  return out;
}

/**
 * The backticked spans of a document that name a repository path: a span with a slash whose first
 * folder is one at the root (`app/models`, `prisma/migrations/`), or that names a file by its
 * extension (`content/upload.server.ts`, written relative to app/services). A span with a
 * placeholder (`{id}`, `<name>`, `a|b`, `…`) stands for many paths and is left out.
 */
function namedPaths(text: string, topFolders: Set<string>): string[] {
  const spans = [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1].trim());
  return spans
    .filter((span) => /^[\w.[\]*$+@-]+\/[\w.[\]*$+@/-]*$/.test(span))
    .map((span) => span.replace(/\/$/, ""))
    .filter((span) => !span.startsWith(".") || span.startsWith(".ci/"))
    .filter((span) => topFolders.has(span.split("/")[0]) || FILE_EXTENSION.test(span));
}

/** The path, written from the root or from any folder (`commerce/types.ts`), with `*` for any part of a name. */
function exists(named: string, paths: string[]): boolean {
  const pattern = named
    .split("*")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("[^/]*");
  const re = new RegExp(`(^|/)${pattern}$`);
  return paths.some((p) => re.test(p));
}

describe("paths named in the documentation", () => {
  const ignored = ignoredFolders();
  const paths = repositoryPaths(ignored);
  const topFolders = new Set(
    fs
      .readdirSync(ROOT, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name),
  );

  it.each(DOCS)("every path %s names exists", (doc) => {
    const named = namedPaths(fs.readFileSync(path.join(ROOT, doc), "utf8"), topFolders);
    const made = (p: string) => ignored.some((folder) => p === folder || p.startsWith(`${folder}/`));
    const missing = [...new Set(named)].filter((p) => !made(p) && !exists(p, paths));
    expect(missing).toEqual([]);
  });

  it("reads the paths it is meant to", () => {
    const top = new Set(["app", "scripts", "content"]);
    expect(
      namedPaths(
        "`app/models/seo.ts` `scripts/` `content/upload.server.ts` `orders/create` `{PUBLIC_URL}/x` `content/{dtc|hpsf}/x.json` `~/db.server` `app/routes/api.*.ts`",
        top,
      ),
    ).toEqual(["app/models/seo.ts", "scripts", "content/upload.server.ts", "app/routes/api.*.ts"]);
    const repo = ["app", "app/services", "app/services/content", "app/services/content/upload.server.ts"];
    expect(exists("content/upload.server.ts", repo)).toBe(true);
    expect(exists("services/upload.server.ts", repo)).toBe(false);
    expect(exists("app/services/*/upload.server.ts", repo)).toBe(true);
    expect(exists("app/services/content/upload.server.mjs", repo)).toBe(false);
  });
});
