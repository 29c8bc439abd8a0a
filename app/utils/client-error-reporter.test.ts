// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { CLIENT_ERROR_REPORTS_PER_PAGE } from "~/models/client-error";
import { CLIENT_ERROR_ENDPOINT, installClientErrorReporter } from "./client-error-reporter";

describe("installClientErrorReporter (docs/rules.md 'Browser error reports')", () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
  });

  const install = (fetch: (...args: unknown[]) => unknown) => {
    // The browser's fetch is the peer here; jsdom has none.
    vi.stubGlobal("fetch", fetch);
    window.history.replaceState(null, "", "/shelter/reset-password?token=secret-token#x");
    stop = installClientErrorReporter(window);
  };

  it("sends an unhandled error as JSON with keepalive, the path without query, and no more than a few per page", () => {
    const calls: [string, RequestInit][] = [];
    install((url, init) => {
      calls.push([url as string, init as RequestInit]);
      return Promise.resolve(new Response(null, { status: 204 }));
    });
    window.dispatchEvent(new ErrorEvent("error", { error: new TypeError("x is undefined"), message: "x" }));
    expect(calls).toHaveLength(1);
    const [url, init] = calls[0];
    expect(url).toBe(CLIENT_ERROR_ENDPOINT);
    expect(init).toMatchObject({ method: "POST", keepalive: true, headers: { "Content-Type": "application/json" } });
    const body = JSON.parse(init.body as string);
    expect(body).toMatchObject({
      kind: "error",
      name: "TypeError",
      message: "x is undefined",
      path: "/shelter/reset-password",
    });
    expect(init.body).not.toContain("secret-token");

    // The same error again is not sent twice; different ones up to the cap.
    window.dispatchEvent(new ErrorEvent("error", { error: new TypeError("x is undefined") }));
    for (let i = 0; i < 10; i++) window.dispatchEvent(new ErrorEvent("error", { error: new Error(`e${i}`) }));
    expect(calls).toHaveLength(CLIENT_ERROR_REPORTS_PER_PAGE);
  });

  it("reports unhandled rejections, and never throws when sending fails", () => {
    const bodies: string[] = [];
    install((_url, init) => {
      bodies.push((init as RequestInit).body as string);
      throw new Error("offline");
    });
    const event = new Event("unhandledrejection") as Event & { reason?: unknown };
    event.reason = "nope";
    expect(() => window.dispatchEvent(event)).not.toThrow();
    expect(JSON.parse(bodies[0])).toMatchObject({ kind: "unhandledrejection", message: "nope" });
  });
});
