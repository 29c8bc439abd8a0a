// The "rendered from memory" anchor of `npm run bench` (scripts/bench.mjs): the same Remix
// build and request handler as the shop, but every loader of the page's matched routes
// replaced by one returning the data the real server's loader returned once (captured
// with a `?_data=<route id>` request, as Remix's own client navigation asks for it; a
// `defer()` answer is deferred again with its promises already settled). So
// each request renders the same React tree with the same data, and reads no database.
// Behind a bare Express app: none of the shop's middleware (security headers, compression,
// logging, the request guard, any page cache) is in front.
// Env: the shop's server environment, plus BENCH_MEMORY_PORT, BENCH_MEMORY_SOURCE (the
// real server's base URL), BENCH_MEMORY_PATH (the page, with its query) and
// BENCH_MEMORY_HEADERS (JSON request headers the capture sends, e.g. a cookie).
import crypto from "node:crypto";
import path from "node:path";
import url from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { defer, installGlobals, json } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
import express from "express";

installGlobals();
const build = await import(url.pathToFileURL(path.resolve("build/index.js")).href);
const source = process.env.BENCH_MEMORY_SOURCE;
const page = new URL(process.env.BENCH_MEMORY_PATH, source);
const headers = JSON.parse(process.env.BENCH_MEMORY_HEADERS || "{}");

// The route tree as Remix matches it (parentId links), then the routes this page matches.
const children = (parentId) =>
  Object.values(build.routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => ({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: children(route.id),
    }));
const matches = matchRoutes(children(undefined), page.pathname) ?? [];
if (matches.length === 0) throw new Error(`No route matches ${page.pathname}`);

const DEFERRED = "__deferred_promise:";

/**
 * A `defer()` loader's answer (text/remix-deferred): the critical data as JSON with a
 * "__deferred_promise:<key>" placeholder per promise, then one "data:" or "error:" JSON line
 * per settled promise. Returns a loader that defers the same values, already settled.
 */
function deferredLoader(text) {
  const [critical, ...settled] = text.split("\n\n").filter(Boolean);
  const data = JSON.parse(critical);
  const values = {};
  const errors = {};
  for (const event of settled) {
    const colon = event.indexOf(":");
    Object.assign(event.slice(0, colon) === "data" ? values : errors, JSON.parse(event.slice(colon + 1)));
  }
  return () => {
    const live = { ...data };
    for (const [key, value] of Object.entries(data)) {
      if (typeof value !== "string" || !value.startsWith(DEFERRED)) continue;
      const name = value.slice(DEFERRED.length);
      live[key] = name in errors ? Promise.reject(new Error(errors[name].message)) : Promise.resolve(values[name]);
    }
    return defer(live);
  };
}

const loaders = {};
for (const { route } of matches) {
  if (!build.routes[route.id].module.loader) continue;
  const dataUrl = new URL(page);
  dataUrl.searchParams.set("_data", route.id);
  const response = await fetch(dataUrl, { headers, redirect: "manual" });
  const type = response.headers.get("content-type") ?? "";
  if (response.status === 200 && type.startsWith("application/json")) {
    const data = await response.json();
    loaders[route.id] = () => json(data);
  } else if (response.status === 200 && type.startsWith("text/remix-deferred")) {
    loaders[route.id] = deferredLoader(await response.text());
  } else {
    throw new Error(`${dataUrl.pathname}${dataUrl.search} answered ${response.status} ${type}, not loader data`);
  }
}

const routes = {};
for (const [id, route] of Object.entries(build.routes)) {
  routes[id] = id in loaders ? { ...route, module: { ...route.module, loader: loaders[id] } } : route;
}
const memoryBuild = { ...build, routes };

const app = express();
app.disable("x-powered-by");
app.use(
  createRequestHandler({
    build: memoryBuild,
    mode: build.mode,
    // What server.js gives the app: a fresh CSP nonce per request, the client, the build version.
    getLoadContext: (req) => ({
      cspNonce: crypto.randomBytes(16).toString("base64"),
      clientIp: req.ip,
      buildVersion: build.assets.version,
    }),
  }),
);
app.listen(Number(process.env.BENCH_MEMORY_PORT), "127.0.0.1", () =>
  process.send?.({ ready: true, routes: Object.keys(loaders) }),
);
process.on("SIGTERM", () => process.exit(0));
