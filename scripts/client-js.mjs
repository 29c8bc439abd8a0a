// Client JavaScript a page loads (docs/rules.md "Client JavaScript budget"), read from a
// production build: the browser manifest (public/build/manifest-*.js) names the entry and
// each route's module and imports; the client metafile (build/metafile.js.json) adds every
// chunk those import in turn. Dynamic imports (what loads after hydration) are not counted,
// except the view a page cannot show without: `routes/products.$` loads the listing or the
// product view lazily, and each page counts its own.
// Sizes are gzip at the default level, as the server's compression sends them.
// `node scripts/client-js.mjs [--files]` prints the listing and product pages' totals for
// the build in build/ and public/build/.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** The budget, KiB of gzip per page (docs/rules.md "Client JavaScript budget"). */
export const CLIENT_JS_BUDGET_KIB = 118.5;

/**
 * The listing and product pages both render the `routes/products.$` route under root, and
 * each loads its view (a dynamic import the page needs before it can hydrate).
 */
export const PAGES = {
  listing: { routes: ["root", "routes/products.$"], views: ["app/components/listing-view.tsx"] },
  product: { routes: ["root", "routes/products.$"], views: ["app/components/product-view.tsx"] },
};

/**
 * A build's directories: `out` holds `build/` (server build and metafiles) and
 * `public/build/` (browser assets), as remix.config.js writes them.
 */
function buildDirs(out) {
  return { assets: path.join(out, "public/build"), server: path.join(out, "build") };
}

/** Reads `window.__remixManifest` from the build's manifest file. */
function readManifest(assets) {
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no manifest-*.js in ${assets}: run npm run build`);
  const text = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, ""));
}

/** The gzip size in bytes of every script a page (its routes and views) loads, and their total. */
export function pageScriptSizes({ routes: routeIds, views = [] }, out = ".") {
  const { assets, server } = buildDirs(out);
  const manifest = readManifest(assets);
  const metafile = JSON.parse(fs.readFileSync(path.join(server, "metafile.js.json"), "utf8"));
  // Metafile paths are relative to where the build ran; URLs are /build/ + the path in assets.
  const urlOf = (key) => `/build/${path.relative(assets, path.resolve(key)).split(path.sep).join("/")}`;
  const outputs = new Map(Object.entries(metafile.outputs).map(([key, output]) => [urlOf(key), output]));
  const wanted = [manifest.entry.module, ...manifest.entry.imports];
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the manifest`);
    wanted.push(route.module, ...(route.imports ?? []));
  }
  for (const view of views) {
    const chunk = [...outputs].find(([, output]) => output.entryPoint === view);
    if (!chunk) throw new Error(`no chunk has the entry point ${view}`);
    wanted.push(chunk[0]);
  }
  const seen = new Set();
  const visit = (url) => {
    if (seen.has(url)) return;
    seen.add(url);
    for (const imported of outputs.get(url)?.imports ?? []) {
      if (imported.kind === "import-statement") visit(urlOf(imported.path));
    }
  };
  wanted.forEach(visit);
  const files = [...seen].map((url) => {
    const bytes = fs.readFileSync(path.join(assets, url.replace(/^\/build\//, "")));
    return { url, bytes: bytes.length, gzip: zlib.gzipSync(bytes).length };
  });
  return { files, gzip: files.reduce((sum, file) => sum + file.gzip, 0) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [page, pageModules] of Object.entries(PAGES)) {
    const { files, gzip } = pageScriptSizes(pageModules);
    console.log(
      `${page}: ${(gzip / 1024).toFixed(1)} KiB gzip in ${files.length} files (budget ${CLIENT_JS_BUDGET_KIB})`,
    );
    if (process.argv.includes("--files")) {
      for (const file of files.sort((a, b) => b.gzip - a.gzip)) {
        console.log(`  ${(file.gzip / 1024).toFixed(1).padStart(6)} KiB  ${file.url}`);
      }
    }
  }
}
