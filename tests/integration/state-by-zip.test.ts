// POST /api/get-state-by-zipcode (shop-core spec section 7): the state of a zip, only
// while the shipping feature flag is on (docs/rules.md "State by zip").
import { afterEach, describe, expect, it, vi } from "vitest";
import { callRoute, jsonRequest, type RouteHandler } from "../helpers/routes";

async function stateRoute(flag: string) {
  vi.resetModules();
  vi.stubEnv("SHIPPING_FEATURE", flag);
  return import("~/routes/api.get-state-by-zipcode");
}

const ask = (handler: RouteHandler, body: unknown) =>
  callRoute(handler, jsonRequest("/api/get-state-by-zipcode", body));

interface ApiError {
  error: { code: string; message: string; fields?: Record<string, string> };
}

describe("/api/get-state-by-zipcode with the shipping feature flag on", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("answers the zip's state, not cached", async () => {
    const { action } = await stateRoute("true");
    const response = await ask(action, { zipCode: "80011" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toEqual({ zipCode: "80011", provinceCode: "CO", province: "Colorado" });
    expect(await (await ask(action, { zipCode: " 96701 " })).json()).toMatchObject({ provinceCode: "HI" });
  });

  it("answers 404 for a zip of no state (a territory), 400 with the field for one that is not 5 digits", async () => {
    const { action } = await stateRoute("true");
    const territory = await ask(action, { zipCode: "00601" });
    expect(territory.status).toBe(404);
    expect(((await territory.json()) as ApiError).error.code).toBe("NOT_FOUND");
    for (const zipCode of ["8001", "800111", "80011-1234", "abcde", 80011, null]) {
      const response = await ask(action, { zipCode });
      expect(response.status, String(zipCode)).toBe(400);
      expect(((await response.json()) as ApiError).error.fields).toHaveProperty("zipCode");
    }
    const malformed = await ask(action, "{zipCode:");
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as ApiError).error.code).toBe("MALFORMED_JSON");
  });

  it("answers 405 to GET", async () => {
    const { loader } = await stateRoute("true");
    const response = loader();
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});

describe("/api/get-state-by-zipcode with the shipping feature flag off", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("does not exist: 404 to POST and GET, whatever the body", async () => {
    const { action, loader } = await stateRoute("false");
    for (const body of [{ zipCode: "80011" }, { zipCode: "nope" }, "{"]) {
      const response = await ask(action, body);
      expect(response.status).toBe(404);
      expect(((await response.json()) as ApiError).error.code).toBe("NOT_FOUND");
    }
    expect(loader().status).toBe(404);
  });
});
