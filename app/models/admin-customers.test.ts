import { describe, expect, it } from "vitest";
import { confirmedIntents, intentPermissions } from "./admin-intents";
import {
  CUSTOMER_INTENTS,
  customerSearchOf,
  pageCount,
  pageRange,
  signInStateOf,
  unlockQuestion,
} from "./admin-customers";

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

describe("CUSTOMER_INTENTS", () => {
  it("is the customer page's whole intent → permission table, and only Unlock asks first", () => {
    expect(intentPermissions(CUSTOMER_INTENTS)).toEqual({ unlock: "customers.unlock", reset: "customers.reset" });
    expect(confirmedIntents(CUSTOMER_INTENTS)).toEqual(["unlock"]);
  });

  it("names the account and what Unlock clears", () => {
    expect(unlockQuestion("a@example.com", { locked: true, failedSignIns: 10 })).toBe(
      "Unlock the sign-in of a@example.com? It ends the lock and clears 10 failed sign-ins, so anyone with the password can sign in again now.",
    );
    expect(unlockQuestion("a@example.com", { locked: false, failedSignIns: 3 })).toMatch(
      /^Unlock the sign-in of a@example\.com\? It clears 3 failed sign-ins,/,
    );
  });
});
