import { describe, expect, it } from "vitest";
import {
  DEFAULT_BUILD_POLL_SECONDS,
  isNewBuild,
  MAX_BUILD_POLL_SECONDS,
  mayReload,
  parseReloadStamp,
  pollIntervalMs,
  readManifestVersion,
  RELOAD_GUARD_MS,
} from "./build-watch";

const NOW = 1_750_000_000_000;

describe("page-reload guard (shop-core spec section 9: 10 seconds)", () => {
  it("is 10 seconds", () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
  });

  it("allows a reload when none was recorded", () => {
    expect(mayReload(null, NOW)).toBe(true);
  });

  it("refuses a reload less than 10 s after the last one", () => {
    expect(mayReload(NOW, NOW)).toBe(false);
    expect(mayReload(NOW - 1, NOW)).toBe(false);
    expect(mayReload(NOW - 9_999, NOW)).toBe(false);
  });

  it("allows a reload exactly 10 s after the last one, and later", () => {
    expect(mayReload(NOW - 10_000, NOW)).toBe(true);
    expect(mayReload(NOW - 60_000, NOW)).toBe(true);
  });

  it("is not stuck when the clock went back (a last reload in the future) or the stamp is not a number", () => {
    expect(mayReload(NOW + 5_000, NOW)).toBe(true);
    expect(mayReload(Number.NaN, NOW)).toBe(true);
  });

  it("reads the stored stamp only when it is a whole non-negative number", () => {
    expect(parseReloadStamp(String(NOW))).toBe(NOW);
    expect(parseReloadStamp(null)).toBeNull();
    expect(parseReloadStamp(undefined)).toBeNull();
    for (const garbage of ["", " ", "abc", "-5", "1.5", "1e12", "12abc", "9".repeat(20)]) {
      expect(parseReloadStamp(garbage), garbage).toBeNull();
    }
  });
});

describe("new build detection (shop-core spec section 7: builds/latest.json)", () => {
  it("is a new build when both versions are known and differ", () => {
    expect(isNewBuild("a1b2c3d4", "e5f6a7b8")).toBe(true);
  });

  it("is not a new build when the versions match (surrounding spaces ignored)", () => {
    expect(isNewBuild("a1b2c3d4", "a1b2c3d4")).toBe(false);
    expect(isNewBuild("a1b2c3d4", " a1b2c3d4 ")).toBe(false);
  });

  it("never offers a reload for a missing, empty or garbage version", () => {
    for (const bad of [undefined, null, "", "   ", 42, {}, [], true, "x".repeat(201)]) {
      expect(isNewBuild("a1b2c3d4", bad), `latest ${JSON.stringify(bad)}`).toBe(false);
      expect(isNewBuild(bad, "a1b2c3d4"), `current ${JSON.stringify(bad)}`).toBe(false);
    }
  });

  it("reads the version of a manifest answer, or null when it has none", () => {
    expect(readManifestVersion({ version: "e5f6a7b8" })).toBe("e5f6a7b8");
    for (const body of [null, "e5f6a7b8", ["e5f6a7b8"], {}, { version: 7 }, { version: "" }]) {
      expect(readManifestVersion(body), JSON.stringify(body)).toBeNull();
    }
  });
});

describe("poll interval (BUILD_POLL_SECONDS; docs/decisions.md)", () => {
  it("uses the configured whole number of seconds", () => {
    expect(pollIntervalMs(2)).toBe(2_000);
    expect(pollIntervalMs(300)).toBe(300_000);
  });

  it("falls back to the 300 s default for nonsense", () => {
    expect(DEFAULT_BUILD_POLL_SECONDS).toBe(300);
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, "2", undefined]) {
      expect(pollIntervalMs(bad), String(bad)).toBe(300_000);
    }
  });

  it("is capped at one day, below the point where timers overflow and fire at once", () => {
    expect(pollIntervalMs(10 ** 9)).toBe(MAX_BUILD_POLL_SECONDS * 1000);
    expect(MAX_BUILD_POLL_SECONDS * 1000).toBeLessThan(2 ** 31 - 1);
  });
});
