import { describe, expect, it } from "vitest";
import {
  isAllowedNextDate,
  nextDateBounds,
  nextOrderDate,
  nextOrderDateAfterOrder,
  reactivatedNextDate,
  reminderWindow,
  subscriptionPrice,
  SWAP_REFUSALS,
  swapRefusal,
  ymd,
} from "./autoship";
import { shopDayNoon } from "./shop-time";
import { autoshipUnitPriceCents } from "./pricing";

const at = (iso: string) => new Date(iso);

describe("next order date (one period on)", () => {
  it("is frequencyDays whole days on, at the same UTC time of day", () => {
    expect(nextOrderDate(at("2026-03-02T14:30:00Z"), 14)).toEqual(at("2026-03-16T14:30:00Z"));
    expect(nextOrderDate(at("2026-03-02T14:30:00Z"), 1)).toEqual(at("2026-03-03T14:30:00Z"));
  });

  it("counts days across a month end, not months: Jan 31 + 28 days is Feb 28, + 42 is Mar 14", () => {
    expect(ymd(nextOrderDate(at("2026-01-31T09:00:00Z"), 28))).toBe("2026-02-28");
    expect(ymd(nextOrderDate(at("2026-01-31T09:00:00Z"), 42))).toBe("2026-03-14");
    expect(ymd(nextOrderDate(at("2026-01-30T09:00:00Z"), 30))).toBe("2026-03-01");
  });

  it("counts Feb 29 in a leap year and not in others", () => {
    expect(ymd(nextOrderDate(at("2028-02-01T00:00:00Z"), 28))).toBe("2028-02-29");
    expect(ymd(nextOrderDate(at("2028-02-01T00:00:00Z"), 29))).toBe("2028-03-01");
    expect(ymd(nextOrderDate(at("2027-02-01T00:00:00Z"), 28))).toBe("2027-03-01");
    expect(ymd(nextOrderDate(at("2028-02-29T00:00:00Z"), 84))).toBe("2028-05-23");
  });

  it("crosses a year end", () => {
    expect(ymd(nextOrderDate(at("2026-12-25T00:00:00Z"), 14))).toBe("2027-01-08");
  });

  it("keeps the time of day across a US daylight-saving change (UTC has none)", () => {
    // 2026-03-08 and 2026-11-01: the US clocks change.
    expect(nextOrderDate(at("2026-03-01T12:00:00Z"), 14)).toEqual(at("2026-03-15T12:00:00Z"));
    expect(nextOrderDate(at("2026-10-25T12:00:00Z"), 14)).toEqual(at("2026-11-08T12:00:00Z"));
  });

  it("every plan: 2, 3, 4, 6, 8 and 12 weeks", () => {
    for (const weeks of [2, 3, 4, 6, 8, 12]) {
      const from = at("2026-01-05T00:00:00Z"); // a Monday
      const next = nextOrderDate(from, weeks * 7);
      expect(next.getUTCDay()).toBe(1);
      expect((next.getTime() - from.getTime()) / 86_400_000).toBe(weeks * 7);
    }
  });
});

describe("next order date after the engine placed an order", () => {
  it("one period after the due date when that is still ahead", () => {
    const due = at("2026-05-01T06:00:00Z");
    expect(nextOrderDateAfterOrder(due, at("2026-05-01T06:05:00Z"), 28)).toEqual(at("2026-05-29T06:00:00Z"));
  });

  it("one period after the order when the run caught up a period or more late: never in the past", () => {
    const due = at("2026-05-01T06:00:00Z");
    // Exactly one period late: due + 28 days is not after the moment it was placed.
    const placed = at("2026-05-29T06:00:00Z");
    expect(nextOrderDateAfterOrder(due, placed, 28)).toEqual(at("2026-06-26T06:00:00Z"));
    // A millisecond less late: due + 28 days is still ahead.
    expect(nextOrderDateAfterOrder(due, at("2026-05-29T05:59:59.999Z"), 28)).toEqual(at("2026-05-29T06:00:00Z"));
  });
});

describe("moving the next order (tomorrow up to a year ahead)", () => {
  const NY = "America/New_York";
  // 23:30 on January 31 in New York (February 1 in UTC): today is January 31 in the shop.
  const now = at("2026-02-01T04:30:00Z");
  // Noon of a day in New York, as the page keeps a chosen day (shopDayNoon).
  const noon = (day: string) => shopDayNoon(day, NY)!;

  it("bounds are days in the shop's time zone: tomorrow and 365 days from today", () => {
    expect(nextDateBounds(now, NY)).toEqual({ min: "2026-02-01", max: "2027-01-31" });
    // In UTC it is already February 1.
    expect(nextDateBounds(now, "UTC")).toEqual({ min: "2026-02-02", max: "2027-02-01" });
  });

  it("today is refused, tomorrow accepted; 365 days ahead accepted, 366 refused", () => {
    expect(isAllowedNextDate(noon("2026-01-31"), now, NY)).toBe(false);
    expect(isAllowedNextDate(noon("2026-02-01"), now, NY)).toBe(true);
    expect(isAllowedNextDate(noon("2027-01-31"), now, NY)).toBe(true);
    expect(isAllowedNextDate(noon("2027-02-01"), now, NY)).toBe(false);
  });

  it("a year ahead counts the leap day: from 2028-01-01 the last day is 2028-12-31", () => {
    const leap = at("2028-01-01T15:00:00Z");
    expect(nextDateBounds(leap, NY).max).toBe("2028-12-31");
    expect(isAllowedNextDate(noon("2028-12-31"), leap, NY)).toBe(true);
    expect(isAllowedNextDate(noon("2029-01-01"), leap, NY)).toBe(false);
  });

  it("refuses an invalid date", () => {
    expect(isAllowedNextDate(new Date("not a date"), now, NY)).toBe(false);
  });
});

describe("reminders", () => {
  it("announce orders due after now and at most the reminder days ahead", () => {
    const now = at("2026-04-10T08:00:00Z");
    expect(reminderWindow(now, 3)).toEqual({ after: now, until: at("2026-04-13T08:00:00Z") });
    expect(reminderWindow(now, 1)).toEqual({ after: now, until: at("2026-04-11T08:00:00Z") });
  });

  it("none when the reminder days are 0", () => {
    expect(reminderWindow(at("2026-04-10T08:00:00Z"), 0)).toBeNull();
  });
});

describe("reactivating", () => {
  const now = at("2026-04-10T08:00:00Z");

  it("keeps a next date after tomorrow", () => {
    const later = at("2026-04-11T08:00:00.001Z");
    expect(reactivatedNextDate(later, now)).toEqual(later);
  });

  it("moves a past date, or one not after tomorrow, to tomorrow (a day from now)", () => {
    expect(reactivatedNextDate(at("2026-03-01T00:00:00Z"), now)).toEqual(at("2026-04-11T08:00:00Z"));
    expect(reactivatedNextDate(at("2026-04-11T08:00:00Z"), now)).toEqual(at("2026-04-11T08:00:00Z"));
  });
});

describe("swapping size or flavor", () => {
  const current = { productId: "p1", variantId: "v1" };
  const candidate = { productId: "p1", variantId: "v2", soldOnSite: true, inStock: true };

  it("allows another variant of the same product, sold on the site and in stock", () => {
    expect(swapRefusal(current, candidate)).toBeNull();
  });

  it("refuses a variant of another product, or none at all", () => {
    expect(swapRefusal(current, { ...candidate, productId: "p2" })).toBe(SWAP_REFUSALS.otherProduct);
    expect(swapRefusal(current, null)).toBe(SWAP_REFUSALS.otherProduct);
  });

  it("refuses the variant it already has, one not sold on the site, one out of stock", () => {
    expect(swapRefusal(current, { ...candidate, variantId: "v1" })).toBe(SWAP_REFUSALS.same);
    expect(swapRefusal(current, { ...candidate, soldOnSite: false })).toBe(SWAP_REFUSALS.notSold);
    expect(swapRefusal(current, { ...candidate, inStock: false })).toBe(SWAP_REFUSALS.outOfStock);
  });
});

describe("a subscription's price per order", () => {
  it("is the autoship price (5% off, half up) times the quantity, and says what that saves", () => {
    // 1010 × 0.95 = 959.5 → 960 each.
    expect(subscriptionPrice(1010, 3, {})).toEqual({
      perOrderCents: 2880,
      regularCents: 3030,
      autoshipSavingsCents: 150,
    });
    expect(subscriptionPrice(5999, 1, {}).perOrderCents).toBe(autoshipUnitPriceCents(5999));
  });

  it("takes the staff program's discount off on top, as the engine's order does", () => {
    const price = subscriptionPrice(10_000, 2, { programDiscountPercent: 20 });
    expect(price.regularCents).toBe(20_000);
    expect(price.autoshipSavingsCents).toBe(1000);
    expect(price.perOrderCents).toBe(19_000 - 3800);
  });
});
