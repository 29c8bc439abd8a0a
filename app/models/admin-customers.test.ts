import { describe, expect, it } from "vitest";
import { customerSearchOf, pageCount, pageRange, signInStateOf } from "./admin-customers";

describe("customer search", () => {
  it("reads the query string and drops junk", () => {
    expect(customerSearchOf(new URLSearchParams("q=%20Dana%20&site=HPSF&members=1&page=2"))).toEqual({
      q: "Dana",
      site: "HPSF",
      members: true,
      page: 2,
    });
    expect(customerSearchOf(new URLSearchParams("site=MARS&page=-4&members=yes"))).toEqual({
      q: undefined,
      site: undefined,
      members: false,
      page: 1,
    });
  });

  it("pages", () => {
    expect(pageRange(1, 25, 0)).toBe("0 of 0");
    expect(pageRange(2, 25, 26)).toBe("26–26 of 26");
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});

describe("signInStateOf", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  it("is locked only while lockedUntil is after now", () => {
    expect(signInStateOf({ lockedUntil: new Date(now.getTime() + 1), failedSignIns: 0 }, now)).toMatchObject({
      locked: true,
      canUnlock: true,
    });
    expect(signInStateOf({ lockedUntil: now, failedSignIns: 0 }, now)).toMatchObject({
      locked: false,
      lockedUntil: null,
      canUnlock: false,
    });
  });
  it("offers Unlock when failures are counting", () => {
    expect(signInStateOf({ lockedUntil: null, failedSignIns: 3 }, now).canUnlock).toBe(true);
    expect(signInStateOf({ lockedUntil: null, failedSignIns: 0 }, now).canUnlock).toBe(false);
  });
});
