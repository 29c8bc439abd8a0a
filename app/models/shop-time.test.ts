import { describe, expect, it } from "vitest";
import {
  addShopBusinessDays,
  DEFAULT_SHOP_TIME_ZONE,
  formatMonthKey,
  formatShopDate,
  formatShopDateTime,
  formatShopLongDate,
  formatShopStamp,
  formatShopWeekday,
  isCalendarDay,
  isTimeZone,
  parseShopDateTimeInput,
  shiftDay,
  shiftMonth,
  shopDateTimeInput,
  shopDay,
  shopDayFilter,
  shopDayNoon,
  shopDayRange,
  shopMonth,
  shopYear,
  startOfShopDay,
  startOfShopMonth,
} from "./shop-time";

const NY = DEFAULT_SHOP_TIME_ZONE;
const HOUR_MS = 3_600_000;

describe("the shop's time zone", () => {
  it("is America/New_York unless set, and knows a real zone from a made-up one", () => {
    expect(NY).toBe("America/New_York");
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("America/Gotham")).toBe(false);
    expect(isTimeZone("EST5EDT; drop table")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone(" America/New_York")).toBe(false);
  });
});

describe("midnight in New York", () => {
  it("puts 23:30 on January 31 in New York in January, although it is February 1 in UTC", () => {
    const lateJan31 = new Date("2026-02-01T04:30:00Z"); // 23:30 EST on January 31
    expect(shopDay(lateJan31, NY)).toBe("2026-01-31");
    expect(shopMonth(lateJan31, NY)).toBe("2026-01");
    expect(shopDay(lateJan31, "UTC")).toBe("2026-02-01");
    expect(shopMonth(lateJan31, "UTC")).toBe("2026-02");
  });

  it("turns the month at 00:00:00 New York time, not a second earlier", () => {
    const lastSecond = new Date("2026-02-01T04:59:59Z"); // 23:59:59 EST, January 31
    const midnight = new Date("2026-02-01T05:00:00Z"); // 00:00:00 EST, February 1
    expect(shopMonth(lastSecond, NY)).toBe("2026-01");
    expect(shopMonth(midnight, NY)).toBe("2026-02");
    expect(startOfShopMonth("2026-02", NY)).toEqual(midnight);
    // The year turns at New York's midnight too.
    expect(shopYear(new Date("2027-01-01T04:59:59Z"), NY)).toBe(2026);
    expect(shopYear(new Date("2027-01-01T05:00:00Z"), NY)).toBe(2027);
  });

  it("writes an instant that is the next UTC day as the same New York day", () => {
    const evening = new Date("2026-07-15T02:00:00Z"); // 22:00 EDT on July 14
    expect(shopDay(evening, NY)).toBe("2026-07-14");
    expect(formatShopDate(evening, NY)).toBe("July 14, 2026");
    expect(formatShopLongDate(evening, NY)).toBe("Tuesday, July 14, 2026");
    expect(formatShopWeekday(evening, NY)).toBe("Tuesday, July 14");
    expect(formatShopDateTime(evening, NY)).toBe("July 14, 2026, 22:00 EDT");
    expect(formatShopStamp(evening, NY)).toBe("2026-07-14 22:00 EDT");
    expect(formatShopStamp(new Date("2026-07-15T02:00:09Z"), NY, true)).toBe("2026-07-14 22:00:09 EDT");
  });

  it("starts a day at 00:00 in the zone", () => {
    expect(startOfShopDay("2026-07-14", NY)).toEqual(new Date("2026-07-14T04:00:00Z"));
    expect(startOfShopDay("2026-01-14", NY)).toEqual(new Date("2026-01-14T05:00:00Z"));
    expect(startOfShopDay("2026-02-31", NY)).toBeNull();
    expect(startOfShopDay("14/07/2026", NY)).toBeNull();
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2026-02-29")).toBe(false);
  });
});

describe("a daylight-saving change in New York", () => {
  it("has a 23-hour day when the clocks spring forward (2026-03-08), and a filter day covers it", () => {
    const range = shopDayRange("2026-03-08", NY)!;
    expect(range.from).toEqual(new Date("2026-03-08T05:00:00Z")); // 00:00 EST
    expect(range.to).toEqual(new Date("2026-03-09T04:00:00Z")); // 00:00 EDT
    expect(range.to.getTime() - range.from.getTime()).toBe(23 * HOUR_MS);
    const lateThatDay = new Date("2026-03-09T03:59:59Z"); // 23:59:59 EDT
    expect(shopDay(lateThatDay, NY)).toBe("2026-03-08");
    expect(lateThatDay < range.to && lateThatDay >= range.from).toBe(true);
    expect(shopDayFilter("2026-03-08", "2026-03-08", NY)).toEqual({ gte: range.from, lt: range.to });
  });

  it("has a 25-hour day when the clocks fall back (2026-11-01), and a filter day covers it", () => {
    const range = shopDayRange("2026-11-01", NY)!;
    expect(range.from).toEqual(new Date("2026-11-01T04:00:00Z")); // 00:00 EDT
    expect(range.to).toEqual(new Date("2026-11-02T05:00:00Z")); // 00:00 EST
    expect(range.to.getTime() - range.from.getTime()).toBe(25 * HOUR_MS);
    expect(shopDay(new Date("2026-11-02T04:30:00Z"), NY)).toBe("2026-11-01"); // 23:30 EST
    expect(shopDayFilter("2026-10-31", "2026-11-01", NY)).toEqual({
      gte: new Date("2026-10-31T04:00:00Z"),
      lt: new Date("2026-11-02T05:00:00Z"),
    });
  });

  it("names the zone EST or EDT on each side of the change", () => {
    expect(formatShopDateTime(new Date("2026-03-08T06:59:00Z"), NY)).toBe("March 8, 2026, 01:59 EST");
    expect(formatShopDateTime(new Date("2026-03-08T07:00:00Z"), NY)).toBe("March 8, 2026, 03:00 EDT");
    expect(formatShopDateTime(new Date("2026-11-01T05:30:00Z"), NY)).toBe("November 1, 2026, 01:30 EDT");
    expect(formatShopDateTime(new Date("2026-11-01T06:30:00Z"), NY)).toBe("November 1, 2026, 01:30 EST");
  });

  it("keeps a scheduled day at noon, so 24-hour steps across the change stay on their days", () => {
    const noon = shopDayNoon("2026-10-26", NY)!;
    expect(noon).toEqual(new Date("2026-10-26T16:00:00Z"));
    // One week on in 24-hour steps crosses the fall-back: 11:00 EST, still November 2.
    expect(shopDay(new Date(noon.getTime() + 7 * 24 * HOUR_MS), NY)).toBe("2026-11-02");
    // From midnight the same step would land on the evening before.
    const midnight = startOfShopDay("2026-10-26", NY)!;
    expect(shopDay(new Date(midnight.getTime() + 7 * 24 * HOUR_MS), NY)).toBe("2026-11-01");
    expect(shopDayNoon("2026-02-30", NY)).toBeNull();
  });

  it("reads a datetime-local value as the wall time in the zone, and writes it back", () => {
    expect(parseShopDateTimeInput("2026-03-07T12:00", NY)).toBe("2026-03-07T17:00:00Z");
    expect(parseShopDateTimeInput("2026-03-09T12:00", NY)).toBe("2026-03-09T16:00:00Z");
    // 02:30 does not exist on the spring day: refused, not moved to another time.
    expect(parseShopDateTimeInput("2026-03-08T02:30", NY)).toBeNull();
    // 01:30 happens twice on the autumn day: the first, daylight one.
    expect(parseShopDateTimeInput("2026-11-01T01:30", NY)).toBe("2026-11-01T05:30:00Z");
    expect(shopDateTimeInput("2026-03-09T16:00:00Z", NY)).toBe("2026-03-09T12:00");
    expect(parseShopDateTimeInput("2026-02-30T12:00", NY)).toBeNull();
    expect(parseShopDateTimeInput("2026-03-09T25:00", NY)).toBeNull();
    expect(parseShopDateTimeInput("tomorrow", NY)).toBeNull();
  });
});

describe("business days in the zone", () => {
  it("skips the weekend", () => {
    // Thursday 2026-11-26 10:00 EST + 5 business days: Fri, Mon, Tue, Wed, Thu → Thursday December 3.
    expect(shopDay(addShopBusinessDays(new Date("2026-11-26T15:00:00Z"), 5, NY), NY)).toBe("2026-12-03");
    // From a Saturday or a Sunday the count starts on Monday.
    expect(shopDay(addShopBusinessDays(new Date("2026-11-28T15:00:00Z"), 1, NY), NY)).toBe("2026-11-30");
    expect(shopDay(addShopBusinessDays(new Date("2026-11-29T15:00:00Z"), 5, NY), NY)).toBe("2026-12-04");
    expect(addShopBusinessDays(new Date("2026-11-26T15:00:00Z"), 5, NY)).toEqual(new Date("2026-12-03T05:00:00Z"));
  });

  it("counts from the New York day, not the UTC day (21:00 in New York is the next day in UTC)", () => {
    const fridayEvening = new Date("2026-11-28T02:00:00Z"); // Friday 2026-11-27 21:00 EST
    expect(shopDay(addShopBusinessDays(fridayEvening, 1, NY), NY)).toBe("2026-11-30"); // Monday
    expect(shopDay(addShopBusinessDays(fridayEvening, 5, NY), NY)).toBe("2026-12-04"); // Friday
    const thursdayEvening = new Date("2026-11-27T02:00:00Z"); // Thursday 21:00 EST, Friday in UTC
    expect(shopDay(addShopBusinessDays(thursdayEvening, 1, NY), NY)).toBe("2026-11-27"); // Friday
    expect(shopDay(addShopBusinessDays(thursdayEvening, 1, "UTC"), "UTC")).toBe("2026-11-30"); // Monday
  });

  it("lands on the day's midnight across a clock change", () => {
    // Friday 2026-03-06 + 1 business day → Monday March 9, after the spring change.
    expect(addShopBusinessDays(new Date("2026-03-06T15:00:00Z"), 1, NY)).toEqual(new Date("2026-03-09T04:00:00Z"));
    expect(addShopBusinessDays(new Date("2026-10-30T15:00:00Z"), 1, NY)).toEqual(new Date("2026-11-02T05:00:00Z"));
  });
});

describe("months and days as keys", () => {
  it("labels, shifts and bounds months", () => {
    expect(formatMonthKey("2026-11")).toBe("November 2026");
    expect(formatMonthKey("2026-13")).toBe("2026-13");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2026-01", 11)).toBe("2026-12");
    expect(shiftDay("2026-02-28", 1)).toBe("2026-03-01");
    expect(shiftDay("2026-03-08", 1)).toBe("2026-03-09");
    expect(startOfShopMonth("2026-11", NY)).toEqual(new Date("2026-11-01T04:00:00Z"));
    expect(startOfShopMonth("2026-12", NY)).toEqual(new Date("2026-12-01T05:00:00Z"));
    expect(startOfShopMonth("2026-00", NY)).toBeNull();
  });
});
