// The error tracker (docs/rules.md "Error tracker events carry no personal data";
// docs/operations.md "Error tracker"): unhandled server errors (Remix's handleError), failed
// jobs and browser error reports reach a Sentry-compatible endpoint on loopback, tagged with
// the request id, the route or the job, and scrubbed; nothing is loaded or sent without
// SENTRY_DSN; a tracker that refuses or is away breaks neither a request nor a job. The path
// through server.js is tested against the production server in error-tracker-server.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { handleError } from "~/entry.server";
import { observabilitySettings } from "~/env.server";
import { action } from "~/routes/api.client-errors";
import { startJobs } from "~/services/jobs/index.server";
import { closeErrorTracker, reportError } from "~/services/observability/index.server";
import { rateLimits } from "~/services/http/rate-limit.server";
import { startErrorTrackerEndpoint, type ErrorTrackerEndpoint } from "../helpers/error-tracker-endpoint";
import { captureLogs } from "../helpers/logs";
import { callRoute, jsonRequest } from "../helpers/routes";

const PERSONAL = [
  "ana.lopez@example.com",
  "4242",
  "1600 Old Mill Road",
  "97201",
  "555",
  "reset-secret",
  "shop_session",
];

/** The SDK's own random ids: hexadecimal, so they may hold "555" or "4242" by chance. */
const GENERATED_IDS = new Set(["event_id", "trace_id", "span_id", "parent_span_id"]);

/** Every text an event carries (numbers such as line numbers and times left out, and its random ids). */
function textsOf(event: unknown): string {
  const texts: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === "string") {
      if (!GENERATED_IDS.has(key)) texts.push(`${key}: ${value}`);
    } else if (value && typeof value === "object") {
      for (const [name, item] of Object.entries(value)) walk(item, name);
    }
  };
  walk(event, "");
  return texts.join("\n");
}
const PERSONAL_TEXT =
  "for ana.lopez@example.com, card 4242 4242 4242 4242, 1600 Old Mill Road, Portland, OR 97201, (503) 555-0142";

let endpoint: ErrorTrackerEndpoint;
const tracker = () => (globalThis as { __errorTracker?: unknown }).__errorTracker;
let ip = 0;

/** Runs the shop's Remix handleError as a request would reach it, inside a request-scoped logger. */
function failRequest(error: unknown, init: { aborted?: boolean; routeLabel?: string } = {}) {
  const controller = new AbortController();
  if (init.aborted) controller.abort();
  const request = new Request("http://shop.test/account/orders/123?token=reset-secret&email=ana.lopez@example.com", {
    headers: { Cookie: "shop_session=abc; shop_access=xyz", "User-Agent": "UA" },
    signal: controller.signal,
  });
  return captureLogs(() => handleError(error, { request, params: {}, context: { routeLabel: init.routeLabel } }));
}

/** A failing job, run by the real runner on the test database until `stop`. */
function failingJob(name: string, message = `cannot reach ${PERSONAL_TEXT}`) {
  return startJobs(
    [
      {
        name,
        intervalMs: 60_000,
        run: () => Promise.reject(new Error(message)),
      },
    ],
    { db: prisma, holder: `error-tracker-test-${name}`, stopTimeoutMs: 2_000 },
  );
}

const lastRun = (job: string) =>
  prisma.jobRun.findFirst({ where: { job }, orderBy: { startedAt: "desc" }, select: { status: true } });

async function waitForRun(job: string) {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const run = await lastRun(job);
    if (run && run.status !== "running") return run;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${job} did not finish`);
}

function postReport(message: string) {
  return captureLogs(() =>
    callRoute(
      action,
      jsonRequest("/api/client-errors", {
        kind: "error",
        name: "TypeError",
        message,
        stack: `TypeError: ${message}\n    at Cart (http://shop.test/build/routes/cart-ABC.js:12:345)`,
        path: "/checkout?email=ana.lopez@example.com",
        userAgent: "Mozilla/5.0 Test",
      }),
      undefined,
      { clientIp: `198.51.100.${++ip}` },
    ),
  );
}

beforeAll(async () => {
  endpoint = await startErrorTrackerEndpoint();
  rateLimits.reset();
});

afterAll(async () => {
  await closeErrorTracker(1_000);
  observabilitySettings.SENTRY_DSN = undefined;
  await endpoint.close().catch(() => undefined);
});

describe("without SENTRY_DSN", () => {
  it("loads no SDK and sends nothing", async () => {
    expect(observabilitySettings.SENTRY_DSN).toBeUndefined();
    await failRequest(new Error("boom"));
    reportError(new Error("boom"));
    expect((await postReport("boom")).result.status).toBe(204);
    const stop = failingJob("tracker-unset");
    await waitForRun("tracker-unset");
    await stop();
    // No SDK was ever loaded, so nothing can be sent later either: no wait needed.
    expect(tracker()).toBeUndefined();
    expect(endpoint.requests).toBe(0);
  });
});

describe("with SENTRY_DSN", () => {
  beforeAll(() => {
    observabilitySettings.SENTRY_DSN = endpoint.dsn;
  });

  it("reports an unhandled server error with the request id and route label, without personal data", async () => {
    await failRequest(new Error(`Order lookup failed ${PERSONAL_TEXT}`), { routeLabel: "/account/orders/:id" });
    const event = await endpoint.waitFor((e) => e.tags?.route === "/account/orders/:id");
    expect(event.tags).toMatchObject({ reqId: "test-request", route: "/account/orders/:id" });
    expect(event.exception?.values?.[0]).toMatchObject({ type: "Error" });
    expect(event.exception!.values![0].value).toBe(
      "Order lookup failed for [email], card [number], [address], Portland, OR [zip], [phone]",
    );
    expect(event.exception!.values![0].stacktrace!.frames!.length).toBeGreaterThan(0);
    expect(event.user).toBeUndefined();
    const text = textsOf(event);
    for (const personal of PERSONAL) expect(text).not.toContain(personal);
  });

  it("reports neither an aborted request nor a 4xx Remix raises", async () => {
    await failRequest(new Error("aborted-request"), { aborted: true });
    await failRequest(new Error("marker"), { routeLabel: "/marker" });
    await endpoint.waitFor((e) => e.tags?.route === "/marker");
    expect(endpoint.events.some((e) => e.exception?.values?.[0].value === "aborted-request")).toBe(false);
  });

  it("reports a failed job with its name", async () => {
    const stop = failingJob("tracker-job");
    const event = await endpoint.waitFor((e) => e.tags?.job === "tracker-job");
    await stop();
    expect(event.exception!.values![0].value).toBe(
      "cannot reach for [email], card [number], [address], Portland, OR [zip], [phone]",
    );
    expect(event.tags!.reqId).toBeUndefined();
    for (const personal of PERSONAL) expect(textsOf(event)).not.toContain(personal);
  });

  it("reports a browser error report scrubbed, with the request id and the page path", async () => {
    const { result } = await postReport(`Cannot read 'id' ${PERSONAL_TEXT}`);
    expect(result.status).toBe(204);
    const event = await endpoint.waitFor((e) => e.tags?.source === "browser");
    expect(event.tags).toMatchObject({ reqId: "test-request", kind: "error", source: "browser" });
    expect(event.request).toEqual({ url: "/checkout" });
    expect(event.exception!.values![0]).toMatchObject({
      type: "TypeError",
      value: "Cannot read 'id' for [email], card [number], [address], Portland, OR [zip], [phone]",
    });
    expect(event.exception!.values![0].stacktrace!.frames!.at(-1)).toMatchObject({ function: "Cart", lineno: 12 });
    for (const personal of PERSONAL) expect(textsOf(event)).not.toContain(personal);
  });

  it("a tracker answering 500 or 429, or not listening, breaks neither a request nor a job", async () => {
    for (const status of [500, 429]) {
      endpoint.status = status;
      const before = endpoint.requests;
      expect((await postReport(`while ${status}`)).result.status).toBe(204);
      const { lines } = await failRequest(new Error(`while ${status}`));
      expect(lines).toHaveLength(1);
      const stop = failingJob(`tracker-${status}`);
      expect(await waitForRun(`tracker-${status}`)).toEqual({ status: "failed" });
      await stop();
      if (status === 500) {
        await endpoint.waitForRequestsAbove(before);
        expect(endpoint.requests).toBeGreaterThan(before);
      }
    }
    await endpoint.close();
    expect((await postReport("while away")).result.status).toBe(204);
    const stop = failingJob("tracker-away");
    expect(await waitForRun("tracker-away")).toEqual({ status: "failed" });
    await stop();
    // Shutdown still ends in time with events it cannot deliver.
    const started = Date.now();
    await closeErrorTracker(500);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
