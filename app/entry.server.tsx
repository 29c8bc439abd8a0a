import { Transform } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { env } from "~/env.server";
import { databaseBusyHeaders, isDatabaseBusy } from "~/models/database-busy";
import { redactUrl } from "~/models/log-redaction";
import { withoutTrailingNuls } from "~/models/stream-chunks";
import { applyCachePolicy, redirectLookupForData } from "~/services/http/index.server";
import { logger, reportError } from "~/services/observability/index.server";
import { NonceProvider } from "~/utils/nonce-provider";

// server.js reads the validated environment and the request guard from here, so one zod
// schema and one guard rule.
export { env };
export { createRateLimitStore, guardRequest } from "~/services/http/index.server";
export { requestTarget, WEBHOOK_PATHS } from "~/models/request-guard";
// The site-access gate (docs/rules.md "Site access"): maintenance, password, staff registration.
export { siteGate } from "~/services/access/index.server";
export { PRIVATE_NO_STORE, sharedFreshness } from "~/models/cache-policy";
// The page cache in server.js (docs/rules.md "Page cache") asks before rendering whether a request is personal.
export { isPersonalCookieHeader } from "~/services/http/index.server";
export {
  rootLogger,
  withLogger,
  metrics,
  gatherMetricsWith,
  createRouteLabeler,
  methodLabel,
} from "~/services/observability/index.server";
// The error tracker (docs/operations.md "Error tracker"): server.js starts it, reports what its
// last-resort handler catches, and closes it on shutdown.
export { closeErrorTracker, reportError, startErrorTracker } from "~/services/observability/index.server";
export { redactUrl } from "~/models/log-redaction";
// The process's lifecycle (docs/rules.md "Jobs", "Restarts"): server.js starts the jobs when
// RUN_JOBS is on, and on SIGTERM drains, stops them and closes the database.
export { prisma } from "~/db.server";
export { startShopJobs } from "~/services/jobs/index.server";
export { beginDraining, isDraining, warmUp } from "~/services/operations/index.server";
// The page cache keys its entries by it (docs/rules.md "Processes").
export { publicDataVersion } from "~/services/freshness/index.server";
// Consent (docs/rules.md "Consent"): the page cache keys shared copies by the consent variant,
// and the CSP's script-src lists exactly the configured scripts' origins.
export { consentFromCookieHeader, consentVariant } from "~/models/consent";
export { scriptOrigins } from "~/services/consent/index.server";

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : "";
  // Who may keep a copy (models/cache-policy.ts): decided once, for the page as a whole.
  const { matches, loaderHeaders, actionHeaders } = remixContext.staticHandlerContext;
  const shareable = applyCachePolicy(
    request,
    { status: responseStatusCode, headers: responseHeaders },
    {
      routeId: matches.at(-1)?.route.id ?? null,
      declared: [...Object.values(loaderHeaders), ...Object.values(actionHeaders)].map((h) => h.get("Cache-Control")),
    },
  );
  // Database busy (docs/rules.md): the busy answer's Retry-After reaches the page too.
  if (Object.values(remixContext.staticHandlerContext.errors ?? {}).some(isDatabaseBusy)) {
    for (const [name, value] of Object.entries(databaseBusyHeaders())) responseHeaders.set(name, value);
  }
  // Bots and no-JS crawlers get the whole document at once; browsers get it streamed. A page
  // that is the same for everyone is rendered whole too: the page cache keeps one copy for
  // every visitor, browser or crawler (docs/rules.md "Page cache").
  const readyEvent = shareable || isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          // React 18 may end a chunk with NUL bytes (models/stream-chunks.ts): they are cut here.
          const body = new Transform({
            transform(chunk: Buffer, _encoding, done) {
              done(null, withoutTrailingNuls(chunk));
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are reported by handleError; log only the early ones.
          if (shellRendered) {
            logger().error({ err: error }, "Error while streaming the page");
            reportError(error, { tags: { route: routeLabelOf(loadContext) } });
          }
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/** `?_data=` answers (client navigations, fetchers) get the same cache policy as documents. */
export const handleDataRequest: HandleDataRequestFunction = async (loaded, { request }) => {
  // The redirect lookup on every navigation, client ones included (redirectLookupForData).
  const redirected = await redirectLookupForData(request, loaded);
  if (redirected) await loaded.body?.cancel();
  const response = redirected ?? loaded;
  const routeId = new URL(request.url).searchParams.get("_data");
  // Redirects and Remix's own error answers are built fresh per request; copy the headers to change them.
  const headers = new Headers(response.headers);
  const declared = [response.headers.get("Cache-Control")];
  applyCachePolicy(request, { status: response.status, headers }, { routeId, declared });
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

/** The route label server.js decided for the request (its metrics and log line carry it too). */
const routeLabelOf = (context: AppLoadContext) =>
  typeof context.routeLabel === "string" ? context.routeLabel : undefined;

/**
 * Logs unexpected loader/action errors once, without aborted-request noise or the 4xx Remix
 * raises for malformed requests, and reports them to the error tracker (a no-op without
 * SENTRY_DSN) with the request id and the route label.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logger().error({ err: error }, `Unhandled error on ${request.method} ${redactUrl(new URL(request.url).pathname)}`);
  reportError(error, { tags: { route: routeLabelOf(context) } });
};
