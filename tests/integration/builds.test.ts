// The builds manifest (shop-core spec section 7 "builds/latest.json is polled to detect
// new versions"): GET/HEAD answer the server build's version, never cached.
import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/builds.latest[.]json";
import { callRoute, getRequest, ORIGIN } from "../helpers/routes";

const call = (handler: typeof loader | typeof action, request: Request, context: Record<string, unknown>) =>
  handler({ request, params: {}, context } as never);

describe("/builds/latest.json (shop-core spec section 7)", () => {
  it("answers the load context's build version as JSON, not cached", async () => {
    const response = await call(loader, getRequest("/builds/latest.json"), { buildVersion: "abc" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toEqual({ version: "abc" });
  });

  it("answers HEAD like GET (Remix sends the body-less answer)", async () => {
    const request = new Request(`${ORIGIN}/builds/latest.json`, { method: "HEAD" });
    const response = await call(loader, request, { buildVersion: "abc" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("answers the same on the staff site", async () => {
    const request = new Request("http://staff.localhost:3000/builds/latest.json");
    const response = await call(loader, request, { buildVersion: "abc" });
    expect(await response.json()).toEqual({ version: "abc" });
  });

  it("is a 503 JSON error, not a 500, when the server passed no build version", async () => {
    for (const context of [{}, { buildVersion: "" }, { buildVersion: 42 }]) {
      const response = await call(loader, getRequest("/builds/latest.json"), context);
      expect(response.status, JSON.stringify(context)).toBe(503);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(await response.json()).toEqual({
        error: { code: "BUILD_VERSION_UNKNOWN", message: "The build version is not known." },
      });
    }
  });

  it("refuses other methods with a 405 JSON error naming GET and HEAD", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const request = new Request(`${ORIGIN}/builds/latest.json`, { method });
      const response = await callRoute(action, request);
      expect(response.status, method).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, HEAD");
      expect(await response.json()).toEqual({ error: { code: "METHOD_NOT_ALLOWED", message: "Use GET or HEAD." } });
    }
  });
});
