// The error tracker (docs/operations.md "Error tracker"; docs/decisions.md "Error tracker"):
// when SENTRY_DSN is set, unhandled server errors, failed jobs and browser error reports are
// sent to a Sentry-compatible service (Sentry, GlitchTip) through @sentry/node. Unset, the SDK
// is never loaded. Set, the SDK is loaded once per process and does nothing per request: no
// tracing, no OpenTelemetry, no module hooks, no default integrations; every event and
// breadcrumb passes through `scrubErrorEvent` / `scrubBreadcrumb` (app/models/error-event.ts)
// before it leaves. Reporting never throws and never waits: the SDK sends in the background,
// and an unreachable or refusing tracker only loses the event (it is in the logs anyway).
import type * as SentryNode from "@sentry/node";
import type { Breadcrumb, ErrorEvent, NodeClient } from "@sentry/node";
import { observabilitySettings, serverSettings } from "~/env.server";
import type { ClientErrorReport } from "~/models/client-error";
import { scrubBreadcrumb, scrubErrorEvent } from "~/models/error-event";
import { logger, rootLogger } from "./logger.server";

type Sentry = typeof SentryNode;

/** What an event is tagged with besides the request id: the route label, the job name, the source. */
export type ErrorTags = Record<string, string | undefined>;

/** How long shutdown waits for queued events to be sent (docs/operations.md "Stop"). */
export const ERROR_TRACKER_CLOSE_TIMEOUT_MS = 2_000;

const globalForTracker = globalThis as unknown as { __errorTracker?: Promise<Sentry | null> };

/** Loads and initialises the SDK (once per process); null when SENTRY_DSN is unset or it failed. */
function tracker(options: { release?: string } = {}): Promise<Sentry | null> | null {
  const dsn = observabilitySettings.SENTRY_DSN;
  if (!dsn) return null;
  globalForTracker.__errorTracker ??= import("@sentry/node").then(
    (sentry) => {
      sentry.initWithoutDefaultIntegrations({
        dsn,
        environment: observabilitySettings.SENTRY_ENVIRONMENT ?? serverSettings.NODE_ENV,
        release: observabilitySettings.SENTRY_RELEASE ?? options.release,
        // The error's `cause` chain (Prisma wraps the driver's error): the only integration.
        integrations: [sentry.linkedErrorsIntegration()],
        // v11's successor of `sendDefaultPii: false`: the SDK itself collects no user, cookies,
        // headers, query, bodies, query data or local variables (scrubErrorEvent drops them too).
        dataCollection: {
          userInfo: false,
          cookies: false,
          httpHeaders: false,
          httpBodies: [],
          urlQueryParams: false,
          databaseQueryData: false,
          queues: false,
          stackFrameVariables: false,
          frameContextLines: 0,
          graphQL: { document: false, variables: false },
          genAI: { inputs: false, outputs: false },
          mcp: { inputs: false, outputs: false },
        },
        // Errors only: no spans, no OpenTelemetry provider, no diagnostics-channel hooks into modules.
        tracesSampleRate: 0,
        traceLifecycle: "static",
        enableOpenTelemetrySetup: false,
        enableRuntimeChannelInjection: false,
        sendClientReports: false,
        beforeSend: (event: ErrorEvent) => scrubErrorEvent(event),
        beforeBreadcrumb: (breadcrumb: Breadcrumb) => scrubBreadcrumb(breadcrumb),
      });
      return sentry;
    },
    (error: unknown) => {
      rootLogger.error({ err: error }, "The error tracker could not be loaded: errors are only logged");
      return null;
    },
  );
  return globalForTracker.__errorTracker;
}

/** Starts the tracker at boot when SENTRY_DSN is set (server.js, the worker); events start it too. */
export function startErrorTracker(options: { release?: string } = {}): void {
  void tracker(options);
}

/** The current request's id (the request-scoped logger's binding), if there is one. */
function currentRequestId(): string | undefined {
  const reqId: unknown = logger().bindings().reqId;
  return typeof reqId === "string" ? reqId : undefined;
}

const definedTags = (tags: ErrorTags) =>
  Object.fromEntries(Object.entries(tags).filter((entry): entry is [string, string] => entry[1] !== undefined));

/**
 * Reports an unexpected error, tagged with the current request's id (or `reqId` given) and
 * `tags`. A no-op without SENTRY_DSN. The request context is read now; the sending happens later.
 */
export function reportError(error: unknown, { reqId, tags = {} }: { reqId?: string; tags?: ErrorTags } = {}): void {
  const ready = tracker();
  if (!ready) return;
  const eventTags = definedTags({ reqId: reqId ?? currentRequestId(), ...tags });
  void ready.then((sentry) => sentry?.captureException(error, { tags: eventTags }));
}

/** Reports a browser error report (already scrubbed by `recordClientError`) as an event of its own. */
export function reportClientError(report: ClientErrorReport): void {
  const ready = tracker();
  if (!ready) return;
  const tags = definedTags({ reqId: currentRequestId(), source: "browser", kind: report.kind });
  void ready.then((sentry) => {
    if (!sentry) return;
    const frames = report.stack ? sentry.defaultStackParser(report.stack) : [];
    sentry.captureEvent({
      level: "error",
      platform: "javascript",
      tags,
      transaction: report.path,
      request: { url: report.path },
      exception: {
        values: [
          {
            type: report.name || (report.kind === "unhandledrejection" ? "UnhandledRejection" : "Error"),
            value: report.message,
            ...(frames.length > 0 ? { stacktrace: { frames } } : {}),
            mechanism: { type: `browser.${report.kind}`, handled: false },
          },
        ],
      },
      extra: {
        ...(report.userAgent ? { userAgent: report.userAgent } : {}),
        ...(frames.length ? {} : { stack: report.stack }),
      },
    });
  });
}

/** Sends what is queued and shuts the SDK down, within `timeoutMs`; never throws (graceful shutdown). */
export async function closeErrorTracker(timeoutMs = ERROR_TRACKER_CLOSE_TIMEOUT_MS): Promise<void> {
  const ready = globalForTracker.__errorTracker;
  if (!ready) return;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ready.then((sentry) => sentry?.getClient<NodeClient>()?.close(timeoutMs)),
      new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs + 500))),
    ]);
  } catch (error) {
    rootLogger.warn({ err: error }, "The error tracker did not close cleanly");
  } finally {
    clearTimeout(timer);
  }
}
