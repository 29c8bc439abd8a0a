// Production and development server: Express in front of the Remix request handler,
// so compression, security headers, request logging, rate limits and caching
// have one place. `remix dev -c "node server.js"` runs it too.
import cluster from "node:cluster";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import url from "node:url";
import zlib from "node:zlib";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, createRequestHandler as createFetchHandler, installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { rateLimit } from "express-rate-limit";
import helmet from "helmet";
import onHeaders from "on-headers";
import { pinoHttp } from "pino-http";
import { askPrimaryForMetrics, reportToPrimary } from "./server/cluster-metrics.js";
import { createImageCache, createImageMiddleware } from "./server/images.js";
import { createPageCache } from "./server/page-cache.js";
import { CONFIGURATION_ERROR, SERVER_BUILD, serveRefusal } from "./scripts/build-state.mjs";

installGlobals();

try {
  process.loadEnvFile();
} catch {
  // no .env file: the environment and defaults apply
}

// A missing build, or a development build outside `remix dev`, is refused before it is loaded
// (docs/operations.md "Production"): one message and CONFIGURATION_ERROR, which cluster.js
// never restarts. A development build served anyway listened, then threw at broadcastDevReady.
const refusal = serveRefusal();
if (refusal) {
  console.error(refusal);
  process.exit(CONFIGURATION_ERROR);
}
const BUILD_PATH = path.resolve(SERVER_BUILD);
let build;
try {
  build = await import(url.pathToFileURL(BUILD_PATH).href);
} catch (error) {
  // The build parses the environment at import; an EnvError says what is wrong.
  if (error && error.name === "EnvError") {
    console.error(error.message);
    process.exit(CONFIGURATION_ERROR);
  }
  throw error;
}
const {
  env,
  guardRequest,
  requestTarget,
  siteGate,
  PRIVATE_NO_STORE,
  rootLogger,
  withLogger,
  redactUrl,
  metrics,
  gatherMetricsWith,
  createRouteLabeler,
  methodLabel,
  isPersonalCookieHeader,
  sharedFreshness,
  publicDataVersion,
  consentFromCookieHeader,
  consentVariant,
  scriptOrigins,
  WEBHOOK_PATHS,
} = build.entry.module;
const { prisma, startShopJobs, beginDraining, isDraining, createRateLimitStore, warmUp } = build.entry.module;
// The error tracker (docs/operations.md "Error tracker"): loaded at start only when SENTRY_DSN is set.
const { startErrorTracker, reportError, closeErrorTracker } = build.entry.module;
startErrorTracker({ release: build.assets.version });
const isProduction = env.NODE_ENV === "production";

// Under cluster.js /metrics covers every worker (docs/rules.md "Metrics cover every worker"):
// this worker gives the primary its registry when asked, and asks it when it answers a scrape.
if (cluster.isWorker) {
  reportToPrimary(metrics.registry);
  gatherMetricsWith(() => askPrimaryForMetrics());
}

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", env.TRUST_PROXY);

// While shutting down (docs/rules.md "Restarts") every answer closes its connection, so a
// keep-alive client sends its next request to a process that is staying.
app.use((_req, res, next) => {
  onHeaders(res, () => {
    if (isDraining()) res.setHeader("Connection", "close");
  });
  next();
});

/** The files under `dir` (build output aside), as URL paths: metrics label them as one route. */
function staticPathsOf(dir) {
  return new Set(
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`)
      .filter((file) => !file.startsWith("/build/")),
  );
}

/** The host as Remix will see it (req.hostname honours X-Forwarded-Host only behind TRUST_PROXY). */
function hostOf(req) {
  const port = (req.get("host") ?? "").match(/:(\d+)$/)?.[1];
  return `${req.hostname ?? ""}${port ? `:${port}` : ""}`;
}

// The trust boundary's one rule (docs/security.md), for the guard below and the early hits.
function refusalOf(req) {
  const host = hostOf(req);
  return guardRequest({
    method: req.method,
    host,
    origin: `${req.protocol}://${host}`,
    pathname: req.path,
    headers: {
      origin: req.get("origin"),
      secFetchSite: req.get("sec-fetch-site"),
      referer: req.get("referer"),
      cookie: req.get("cookie"),
      contentType: req.get("content-type"),
      contentLength: req.get("content-length"),
      transferEncoding: req.get("transfer-encoding"),
    },
  });
}

// buildVersion: the server build's manifest version, answered by /builds/latest.json so
// browsers running an older client notice a new deployment (shop-core spec section 7).
const getLoadContext = (req, res) => ({
  cspNonce: res.locals.cspNonce,
  clientIp: req.ip,
  buildVersion: build.assets.version,
  routeLabel: res.locals.route,
});

// The page cache (docs/rules.md "Page cache"): anonymous answers that are the same for everyone
// are rendered once per data version and served from memory. Keyed by the public data version
// (publicDataVersion, exported by app/entry.server.tsx), so a catalogue or content change
// drops every copy at once; a constant until that export exists (then only s-maxage bounds it).
const pageCache = createPageCache({
  maxBytes: isProduction ? env.PAGE_CACHE_MAX_BYTES : 0,
  currentVersion: typeof publicDataVersion === "function" ? publicDataVersion : undefined,
  isPersonal: isPersonalCookieHeader,
  // What renders depends on the consent cookie (the banner, gated reviews): one copy per variant.
  variantOf: (cookieHeader) => consentVariant(consentFromCookieHeader(cookieHeader)),
  freshness: sharedFreshness,
  render: createFetchHandler(build, build.mode),
  loadContext: getLoadContext,
  onError: (error) => rootLogger.error({ err: error }, "Page cache refresh failed"),
  onOutcome: (outcome) => metrics.pageCacheRequests.inc({ outcome }),
});

// Early hits (docs/rules.md "Page and image caches"): a fresh page-cache hit that the guard
// lets through is answered here, with the security headers stored with it, before the
// per-request work below (nonce, helmet, compression, the request logger) that a stored
// answer does not need; it is still counted, and logged when REQUEST_LOG is on.
const routeLabel = createRouteLabeler(build.routes, { staticPaths: staticPathsOf("public") });
app.use(async (req, res, next) => {
  // The request line's target (docs/rules.md "Request targets"): an absolute one names the
  // host and becomes its path, so everything below sees an ordinary request; any other form is 400.
  const target = requestTarget(req.url);
  if ("status" in target) res.locals.refusal = target;
  else if (target.host !== null) {
    req.url = req.originalUrl = target.path;
    req.headers.host = target.host;
  }
  // Decided once per request: the guard middlewares below read them rather than asking again.
  res.locals.refusal ??= refusalOf(req);
  if (!res.locals.refusal) {
    // Who may see the shop at all (docs/rules.md "Site access"): maintenance, the password,
    // the staff registration. Before the early hits, so a locked shop serves no cached page.
    const query = req.originalUrl.indexOf("?");
    try {
      res.locals.gate = await siteGate({
        method: req.method,
        host: hostOf(req),
        pathname: req.path,
        search: query < 0 ? "" : req.originalUrl.slice(query),
        cookie: req.get("cookie") ?? null,
      });
    } catch (error) {
      return next(error);
    }
  }
  if (isDraining() || res.locals.refusal || res.locals.gate) return next();
  const started = process.hrtime.bigint();
  const requestId = crypto.randomUUID();
  if (!pageCache.serveEarly(req, res, requestId)) return next();
  const route = routeLabel(req.path);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  metrics.httpRequestDuration.observe(
    { route, method: methodLabel(req.method), status: String(res.statusCode) },
    seconds,
  );
  if (env.REQUEST_LOG === "on") {
    rootLogger.info(
      {
        reqId: requestId,
        route,
        req: { method: req.method, url: redactUrl(req.url), remoteAddress: req.socket.remoteAddress },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(seconds * 1000),
      },
      `${req.method} ${redactUrl(req.originalUrl ?? req.url)} ${res.statusCode}`,
    );
  }
});

// A fresh nonce per request lets the document's inline Remix scripts run under a strict CSP.
app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
});
app.use(
  helmet({
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        // The consent store's configured scripts (docs/rules.md "Consent"): exactly their origins.
        "script-src": ["'self'", ...scriptOrigins(), (_req, res) => `'nonce-${res.locals.cspNonce}'`],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "connect-src": isProduction ? ["'self'"] : ["'self'", "ws:"],
        "font-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        // Plain-http local use (quick start, tests) must not be upgraded to https.
        "upgrade-insecure-requests": null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // helmet's default "no-referrer" makes browsers send `Origin: null` on form posts, which
    // Remix's CSRF check rejects, and hides the page a no-JavaScript post should return to.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: isProduction ? undefined : false,
  }),
);
// Dynamic answers are compressed at levels that cost little CPU per request (docs/decisions.md
// "Compression"): brotli quality 4, gzip level 5. Pages from the page cache carry bytes
// compressed once at high levels and are left alone.
app.use(
  compression({
    level: 5,
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    filter: (req, res) => !res.locals.precompressed && compression.filter(req, res),
  }),
);

// Structured request logs (docs/operations.md "Logs"), before the guard so the operator sees
// what it refuses too. Each request gets an id, sent back as X-Request-Id; every line logged
// while answering it (here or deep in a service, through `logger()`) carries it as reqId.
const PROBES = new Set(["/healthz", "/readyz", "/metrics"]);

// Request metrics (docs/operations.md "Metrics"): every answer's duration by route PATTERN,
// method and status, so series stay bounded whatever paths clients send. The route label is
// decided once here and also goes on the request's log lines (customProps below).
app.use((req, res, next) => {
  const started = process.hrtime.bigint();
  res.locals.route = routeLabel(req.path);
  let recorded = false;
  const record = () => {
    if (recorded) return;
    recorded = true;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    metrics.httpRequestDuration.observe(
      { route: res.locals.route, method: methodLabel(req.method), status: String(res.statusCode) },
      seconds,
    );
  };
  res.once("finish", record);
  res.once("close", record);
  next();
});

app.use(
  pinoHttp({
    logger: rootLogger,
    quietReqLogger: true,
    customProps: (_req, res) => ({ route: res.locals.route }),
    genReqId: (_req, res) => {
      const id = crypto.randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    autoLogging: env.REQUEST_LOG === "on" ? { ignore: (req) => PROBES.has(req.path ?? "") } : false,
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
    customSuccessMessage: (req, res) => `${req.method} ${redactUrl(req.originalUrl ?? req.url)} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${redactUrl(req.originalUrl ?? req.url)} ${res.statusCode}`,
    // An error is logged once with its stack where it was caught (Remix's handleError, the error
    // handler below); a bare 5xx line gets no invented stack.
    customErrorObject: (_req, res, _error, value) => (res.err ? value : { ...value, err: undefined }),
    serializers: {
      // No headers, cookies or bodies: the method, the path with secrets redacted, and the client.
      req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.remoteAddress }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
  }),
);
app.use((req, _res, next) => withLogger(req.log, next));

// A response that sets a cookie is personal whatever answered it (a redirect after an action,
// a resource route): no cache may keep it (docs/rules.md "Cache policy"). on-headers runs the
// check when the headers go out, after every handler has had its say.
app.use((_req, res, next) => {
  onHeaders(res, () => {
    if (res.getHeader("Set-Cookie")) res.setHeader("Cache-Control", PRIVATE_NO_STORE);
  });
  next();
});

// The trust boundary (docs/security.md): one guard before everything else decides on the
// Host, where a state-changing request comes from, and what body it may send.
app.use((req, res, next) => {
  const refusal = res.locals.refusal;
  if (!refusal) return next();
  res.status(refusal.status).set("Cache-Control", PRIVATE_NO_STORE);
  // The body is not read: the connection closes after the answer rather than draining it, so
  // the client's next request never lands on a half-read stream.
  if (req.method !== "GET" && req.method !== "HEAD") res.set("Connection", "close");
  const wantsJson = req.path.startsWith("/api/") || "_data" in req.query || req.accepts(["html", "json"]) === "json";
  if (wantsJson) return res.json({ error: { code: refusal.code, message: refusal.message } });
  res
    .type("html")
    .send(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>Request refused</title>` +
        `<h1>Request refused</h1><p>${refusal.message}</p><p><a href="/">Go to the home page</a></p></html>`,
    );
});

// The site-access gate's answer (docs/rules.md "Site access"), for every kind of request: a
// page or a form post goes to the password, maintenance or registration page; a `?_data=` load
// gets Remix's own redirect answer, reloading the document; a JSON call is refused.
app.use((req, res, next) => {
  const gate = res.locals.gate;
  if (!gate) return next();
  res.set("Cache-Control", PRIVATE_NO_STORE);
  if (gate.retryAfterSeconds) res.set("Retry-After", String(gate.retryAfterSeconds));
  // The body is not read: the connection closes after the answer (as for a refusal above).
  if (req.method !== "GET" && req.method !== "HEAD") res.set("Connection", "close");
  if (gate.kind === "refuse")
    return res.status(gate.status).json({ error: { code: gate.code, message: gate.message } });
  if ("_data" in req.query) {
    res.set({
      "X-Remix-Redirect": gate.location,
      "X-Remix-Status": String(gate.status),
      "X-Remix-Reload-Document": "true",
    });
    return res.status(204).end();
  }
  res.redirect(gate.status, gate.location);
});

if (env.MUTATION_RATE_LIMIT_PER_MINUTE > 0) {
  app.use(
    rateLimit({
      windowMs: 60_000,
      limit: env.MUTATION_RATE_LIMIT_PER_MINUTE,
      standardHeaders: "draft-8",
      legacyHeaders: false,
      // Counted in the database, so every process and host shares the limit (docs/rules.md "Processes").
      store: createRateLimitStore("mutation"),
      // A platform's webhooks come from a few of its servers in bursts (a bulk edit in Shopify's
      // admin posts one per product); their route checks each signature (docs/rules.md "Shopify webhooks").
      skip: (req) =>
        req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS" || WEBHOOK_PATHS.has(req.path),
      message: { error: { code: "RATE_LIMITED", message: "Too many requests. Please wait a minute and try again." } },
    }),
  );
}

// The image optimiser (catalogue spec section 7): public/ images and the configured content hosts.
// Transformed images are kept in memory and on disk (docs/operations.md "Caches").
app.use(
  "/_ipx",
  createImageMiddleware({
    publicDir: path.resolve("public"),
    allowedHosts: env.IMAGE_HOSTS,
    cache: createImageCache({
      memoryBytes: env.IMAGE_CACHE_MEMORY_BYTES,
      diskBytes: env.IMAGE_CACHE_DISK_BYTES,
      dir: path.resolve(env.IMAGE_CACHE_DIR),
    }),
  }),
);

// Fingerprinted build assets never change; everything else in public/ is revalidated hourly.
app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
// A file has an extension and a page has none, so pages skip the file-system look-up.
const publicFiles = express.static("public", { maxAge: "1h" });
app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

// The page cache (docs/rules.md "Page cache"): anonymous answers that are the same for everyone
// are rendered once per data version and served from memory. Keyed by the public data version
// (publicDataVersion, exported by app/entry.server.tsx), so a catalogue or content change
// drops every copy at once; a constant until that export exists (then only s-maxage bounds it).
app.use(pageCache);

// Remix flushes the compressor after every chunk React writes; each flush ends a compression
// block, which made a compressed page cost about twice a plain one. Flushes are coalesced to
// one per FLUSH_DELAY_MS (the answer's end flushes the rest), so a streamed page still arrives
// in time while its bytes are compressed in a few passes (docs/decisions.md "Compression").
const FLUSH_DELAY_MS = 25;
app.use((_req, res, next) => {
  const flush = res.flush;
  if (typeof flush !== "function") return next();
  let timer = null;
  res.flush = () => {
    timer ??= setTimeout(() => {
      timer = null;
      if (!res.writableEnded) flush.call(res);
    }, FLUSH_DELAY_MS);
  };
  next();
});

// app.use, not app.all("*"): Express decodes a "*" parameter and throws on a path such as "/%FF".
app.use(createRequestHandler({ build, mode: build.mode, getLoadContext }));

// Last resort for errors outside Remix: a client error keeps its 4xx (a malformed request is
// not our failure); anything else is a plain 500 without internals.
app.use((error, req, res, _next) => {
  const status = Number(error?.status ?? error?.statusCode);
  if (status >= 400 && status < 500) {
    if (!res.headersSent) res.status(status).type("text").send("Bad request.");
    return;
  }
  // Logged once, with its stack, on the request's log line (pino-http reads res.err), and
  // reported to the error tracker with the same request id. An error before the request logger
  // ran (the site-access gate's) gets its id and its log line here.
  const route = res.locals.route ?? routeLabel(req.path);
  if (req.log) res.err = error;
  else {
    req.id = crypto.randomUUID();
    if (!res.headersSent) res.setHeader("X-Request-Id", req.id);
    rootLogger.error({ err: error, reqId: req.id, route }, `${req.method} ${redactUrl(req.originalUrl)} 500`);
  }
  reportError(error, { reqId: req.id, tags: { route } });
  if (res.headersSent) return;
  res.status(500).type("html").send("<!doctype html><title>Server error</title><h1>Something went wrong</h1>");
});

// Listen only once the catalogue is in memory (docs/rules.md "Processes"): a process that
// cannot read it still starts, and loads it on the first request as before.
if (isProduction) {
  await warmUp().then(
    (ms) => rootLogger.info({ ms }, "Catalogue loaded"),
    (error) => rootLogger.warn({ err: error }, "Catalogue could not be loaded before listening"),
  );
}

const server = app.listen(env.PORT, env.HOST, () => {
  rootLogger.info(`Shop listening on http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}`);
  if (build.mode === "development") broadcastDevReady(build);
});
// A kept-alive connection stays open 65 s between requests, longer than the clients and proxies in
// front keep theirs (a load balancer's 60 s, a browser's or an HTTP client's pool): the side that
// closes an idle connection first must be the client, else a request it sends on the connection
// as the server closes it is reset (docs/operations.md "Stop"). Node's default is 5 s.
server.keepAliveTimeout = 65_000;
// Headers must be allowed to take longer than the idle wait (Node checks them against it).
server.headersTimeout = 66_000;

// Jobs in this process unless RUN_JOBS is off (then `npm run worker` runs them): docs/rules.md "Jobs".
const stopJobs = env.RUN_JOBS ? startShopJobs() : async () => {};

// Graceful shutdown (docs/rules.md "Restarts"): readiness answers 503 at once; connections
// already on their way (in the listen backlog) are still accepted, then no new ones;
// in-flight requests finish (their answers close the connection), idle keep-alive
// connections close once the server has been quiet, a running job finishes, then the database
// closes and the process exits 0. Whatever is still going after SHUTDOWN_TIMEOUT_MS is cut: exit 1.
// A busy process accepts one waiting connection per turn of its event loop, so closing the
// listener at once would reset clients whose requests were sent before the signal.
let accepted = 0;
let open = 0;
server.on("connection", (socket) => {
  accepted += 1;
  open += 1;
  socket.once("close", () => (open -= 1));
});
let requestsBegun = 0;
server.on("request", () => (requestsBegun += 1));
// A cluster worker (cluster.js) is handed its connections by the primary, one IPC round trip
// each: it waits for a quiet spell of 500 ms rather than one quiet turn.
const quietMs = cluster.isWorker ? 500 : 0;
/** Resolves once a whole turn of the event loop accepted no connection: the backlog is empty (at most `maxMs`). */
async function acceptBacklog(maxMs) {
  const until = Date.now() + maxMs;
  const turn = () =>
    new Promise((resolve) => (quietMs ? setTimeout(resolve, quietMs) : setImmediate(() => setImmediate(resolve))));
  let seen = -1;
  while (seen !== accepted && Date.now() < until) {
    seen = accepted;
    await turn();
  }
}
/**
 * How long no request may begin before the idle connections are closed. To Node a connection
 * is idle between two requests, and also once accepted until its first request is parsed:
 * closing them at the signal reset requests already on the wire (a kept-alive client's next
 * one, or the first one of a connection the process had not read yet on a loaded machine).
 */
const DRAIN_QUIET_MS = 1000;
/**
 * Resolves once no request has begun for DRAIN_QUIET_MS (at most `maxMs`), or at once with no
 * connection open. Each spell ends in the check phase, after the event loop's poll has read
 * whatever the sockets received meanwhile, so a request on the wire is never taken for quiet.
 */
async function requestsQuiet(maxMs) {
  const until = Date.now() + maxMs;
  const spell = () => new Promise((resolve) => setTimeout(() => setImmediate(resolve), DRAIN_QUIET_MS));
  let seen = -1;
  while (open > 0 && seen !== requestsBegun && Date.now() < until) {
    seen = requestsBegun;
    await spell();
  }
}
let shuttingDown = false;
async function shutdown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  beginDraining();
  rootLogger.info({ signal }, "Shutting down: finishing in-flight requests and jobs");
  setTimeout(() => {
    rootLogger.error(
      `Shutdown did not finish within SHUTDOWN_TIMEOUT_MS (${env.SHUTDOWN_TIMEOUT_MS} ms): exiting anyway`,
    );
    process.exit(1);
  }, env.SHUTDOWN_TIMEOUT_MS).unref();
  const jobsStopped = stopJobs();
  await acceptBacklog(env.SHUTDOWN_TIMEOUT_MS / 2);
  // No new connections. net.Server's close, not http.Server's: since Node 19 that one also
  // closes idle connections at once, resetting requests already sent on them (see DRAIN_QUIET_MS).
  const closed = new Promise((resolve) => net.Server.prototype.close.call(server, resolve));
  // Every answer from now on says Connection: close; connections still idle after a quiet
  // spell (a kept-alive client with nothing more to ask) are closed then.
  await requestsQuiet(env.SHUTDOWN_TIMEOUT_MS / 2);
  server.closeIdleConnections();
  try {
    await Promise.all([closed, jobsStopped]);
    // Events still queued for the error tracker are sent (bounded; never throws).
    await closeErrorTracker();
    await prisma.$disconnect();
  } catch (error) {
    rootLogger.error({ err: error }, "Shutdown failed");
    process.exit(1);
  }
  rootLogger.info("Shut down cleanly");
  process.exit(0);
}
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void shutdown(signal));
