// Client JavaScript a page loads (docs/rules.md "Client JavaScript budget"), read from the
// production build: the browser manifest (public/build/manifest-*.js) names the entry and each
// route's module and imports; the client metafile (build/metafile.js.json) adds every chunk
// those import in turn. Sizes are gzip (level 9, as a static server or CDN sends them).
// `node scripts/client-js.mjs` prints the listing and product pages' totals.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** The listing and product pages both render the `routes/products.$` route under root. */
export const PAGE_ROUTES = { listing: ["root", "routes/products.$"], product: ["root", "routes/products.$"] };

/** Reads `window.__remixManifest` from the build's manifest file. */
export function readManifest(root = ".") {
  const dir = path.join(root, "public/build");
  const file = fs.readdirSync(dir).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no manifest-*.js in ${dir}: run npm run build`);
  const text = fs.readFileSync(path.join(dir, file), "utf8");
  return JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, ""));
}

/** Every JS file (URL path) a page of these routes loads before it is interactive. */
export function pageScripts(routeIds, root = ".") {
  const manifest = readManifest(root);
  const metafile = JSON.parse(fs.readFileSync(path.join(root, "build/metafile.js.json"), "utf8"));
  const wanted = [manifest.entry.module, ...manifest.entry.imports];
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the manifest`);
    wanted.push(route.module, ...(route.imports ?? []));
  }
  const seen = new Set();
  const visit = (url) => {
    if (seen.has(url)) return;
    seen.add(url);
    const output = metafile.outputs[`public${url}`];
    for (const imported of output?.imports ?? []) {
      // Static imports load with the page; dynamic ones (lazy components) only when used.
      if (imported.kind === "import-statement") visit(imported.path.replace(/^public/, ""));
    }
  };
  wanted.forEach(visit);
  return [...seen];
}

/** The gzip size in bytes of each script and their total. */
export function pageScriptSizes(routeIds, root = ".") {
  const files = pageScripts(routeIds, root).map((url) => {
    const bytes = fs.readFileSync(path.join(root, "public", url));
    return { url, bytes: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
  });
  return { files, gzip: files.reduce((sum, file) => sum + file.gzip, 0) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [page, routes] of Object.entries(PAGE_ROUTES)) {
    const { files, gzip } = pageScriptSizes(routes);
    console.log(`${page}: ${(gzip / 1024).toFixed(1)} KiB gzip in ${files.length} files`);
    if (process.argv.includes("--files")) {
      for (const file of files.sort((a, b) => b.gzip - a.gzip)) {
        console.log(`  ${(file.gzip / 1024).toFixed(1).padStart(6)} KiB  ${file.url}`);
      }
    }
  }
}
