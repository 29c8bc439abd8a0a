import { describe, expect, it } from "vitest";
import { metricsAccess } from "./metrics-access.server";

const TOKEN = "scrape-token-0123456789";

describe("metricsAccess (docs/rules.md 'Metrics need a token in production')", () => {
  it("is open outside production, token or not", () => {
    expect(metricsAccess({ production: false, token: undefined, authorization: null })).toEqual({ allowed: true });
    expect(metricsAccess({ production: false, token: TOKEN, authorization: null })).toEqual({ allowed: true });
  });

  it("in production lets in only the configured bearer token", () => {
    expect(metricsAccess({ production: true, token: TOKEN, authorization: `Bearer ${TOKEN}` })).toEqual({
      allowed: true,
    });
    expect(metricsAccess({ production: true, token: TOKEN, authorization: `bearer ${TOKEN}` }).allowed).toBe(true);
    for (const authorization of [
      null,
      "",
      "Bearer",
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString("base64")}`,
      TOKEN,
    ]) {
      expect(metricsAccess({ production: true, token: TOKEN, authorization }), String(authorization)).toMatchObject({
        allowed: false,
        status: 401,
      });
    }
  });

  it("in production without a configured token answers 404 to everyone", () => {
    expect(metricsAccess({ production: true, token: undefined, authorization: "Bearer anything" })).toMatchObject({
      allowed: false,
      status: 404,
    });
  });
});
