import { describe, expect, it } from "vitest";
import { secretMatches } from "./secrets.server";

describe("secret comparison (preview secret, admin secret, shop password)", () => {
  it("matches only the exact configured secret", () => {
    expect(secretMatches("admin-secret-0123456789", "admin-secret-0123456789")).toBe(true);
    expect(secretMatches("admin-secret-012345678", "admin-secret-0123456789")).toBe(false);
    expect(secretMatches("Admin-secret-0123456789", "admin-secret-0123456789")).toBe(false);
  });

  it("never matches when either side is missing or empty", () => {
    expect(secretMatches(null, "configured")).toBe(false);
    expect(secretMatches("", "")).toBe(false);
    expect(secretMatches("anything", undefined)).toBe(false);
  });
});
