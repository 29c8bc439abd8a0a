// The shop's time (docs/rules.md "Shop time"): every date the shop shows or reasons about (the
// back office, emails, order timelines, the staff quota month, delivery estimates, business days,
// date filters and date inputs) is a day or a moment in the shop's time zone (`SHOP_TIME_ZONE`,
// default America/New_York), never UTC arithmetic. date-fns with @date-fns/tz does the calendar
// work (docs/decisions.md "Shop time zone"); every function takes the zone, so the same code runs
// on the server (the setting) and in the browser (the root loader's copy, `useShopTimeZone`).
// Words come from date-fns's own en-US locale, not the runtime's Intl data, so the server's text
// and the hydrated browser's agree.
import { addBusinessDays, addDays, addMonths, format, startOfDay } from "date-fns";
import { TZDate, tz, tzName } from "@date-fns/tz";

/** The shop's time zone when `SHOP_TIME_ZONE` is unset. */
export const DEFAULT_SHOP_TIME_ZONE = "America/New_York";

/** A calendar day as written in `<input type="date">` and in query strings: "2026-03-08". */
const DAY_FORMAT = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A month key: "2026-03". */
const MONTH_FORMAT = /^(\d{4})-(\d{2})$/;
/** An `<input type="datetime-local">` value: "2026-03-08T14:05" (seconds allowed). */

type Instant = Date | string | number;

const instant = (at: Instant) => (at instanceof Date ? at : new Date(at));
/** A plain Date of the same instant (Prisma and JSON get an ordinary Date, not a TZDate). */
const plain = (at: Date) => new Date(at.getTime());

/** True when `zone` is an IANA time zone the runtime knows ("America/New_York", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.trim() !== zone) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// ─── Days and months of an instant ─────────────────────────────────────────────

/** The calendar day an instant falls on in the zone: "2026-03-08" (also a date input's value). */
export const shopDay = (at: Instant, zone: string) => format(instant(at), "yyyy-MM-dd", { in: tz(zone) });

/** The month an instant falls on in the zone: "2026-03" (the staff quota month, report months). */
export const shopMonth = (at: Instant, zone: string) => format(instant(at), "yyyy-MM", { in: tz(zone) });

/** The year an instant falls in, in the zone. */
export const shopYear = (at: Instant, zone: string) => Number(format(instant(at), "yyyy", { in: tz(zone) }));

// ─── Parsing days, months and local times ───────────────────────────────────────

/** The parts of a real calendar day "YYYY-MM-DD" (not 2026-02-31), or null. */
function dayParts(day: string): [number, number, number] | null {
  const match = DAY_FORMAT.exec(day);
  if (!match) return null;
  const [year, month, date] = match.slice(1).map(Number);
  const probe = new Date(Date.UTC(year, month - 1, date));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === date
    ? [year, month, date]
    : null;
}

/** True for a "YYYY-MM-DD" that names a day of the calendar. */
export const isCalendarDay = (day: string) => dayParts(day) !== null;

/**
 * The first instant of a calendar day in the zone (00:00 there), or null for a value that is not
 * a real "YYYY-MM-DD": how an `<input type="date">` value becomes a moment.
 */
export function startOfShopDay(day: string, zone: string): Date | null {
  const parts = dayParts(day);
  if (!parts) return null;
  const [year, month, date] = parts;
  return plain(new TZDate(year, month - 1, date, zone));
}

/**
 * Noon of a calendar day in the zone, or null: how a day chosen for something scheduled in whole
 * 24-hour steps (an autoship's next order) is kept, so a clock change (one hour either way)
 * never moves it to another day.
 */
export function shopDayNoon(day: string, zone: string): Date | null {
  const parts = dayParts(day);
  if (!parts) return null;
  const [year, month, date] = parts;
  return plain(new TZDate(year, month - 1, date, 12, 0, zone));
}

/**
 * The moments of a calendar day in the zone: from its 00:00 up to (not including) the next day's
 * 00:00. A day is 23 or 25 hours long when the clocks change.
 */
export function shopDayRange(day: string, zone: string): { from: Date; to: Date } | null {
  const from = startOfShopDay(day, zone);
  if (!from) return null;
  return { from, to: plain(addDays(new TZDate(from, zone), 1)) };
}

/**
 * A back-office date filter: from the start of the `from` day up to the end of the `to` day
 * (both ends in), as a Prisma range ({ gte, lt }); a missing or malformed end is left open.
 */
export function shopDayFilter(from: string | undefined, to: string | undefined, zone: string) {
  const start = from ? startOfShopDay(from, zone) : null;
  const end = to ? shopDayRange(to, zone) : null;
  return { ...(start ? { gte: start } : {}), ...(end ? { lt: end.to } : {}) };
}

/** The first instant of a month "YYYY-MM" in the zone, or null for a value that is not one. */
export function startOfShopMonth(month: string, zone: string): Date | null {
  const match = MONTH_FORMAT.exec(month);
  if (!match) return null;
  const [year, monthNumber] = match.slice(1).map(Number);
  if (monthNumber < 1 || monthNumber > 12) return null;
  return plain(new TZDate(year, monthNumber - 1, 1, zone));
}

/** The month key `months` after (or before, when negative) the month key given. */
export function shiftMonth(month: string, months: number): string {
  const start = startOfShopMonth(month, "UTC");
  if (!start) throw new RangeError(`Not a month: ${month}`);
  return format(addMonths(start, months, { in: tz("UTC") }), "yyyy-MM", { in: tz("UTC") });
}

/** The calendar day `days` after (or before) a day "YYYY-MM-DD". */
export function shiftDay(day: string, days: number): string {
  const parts = dayParts(day);
  if (!parts) throw new RangeError(`Not a day: ${day}`);
  const [year, month, date] = parts;
  return format(addDays(new TZDate(year, month - 1, date, "UTC"), days), "yyyy-MM-dd", { in: tz("UTC") });
}

/** A `datetime-local` value: "2026-03-08T14:05", seconds optional. */
const LOCAL_DATE_TIME_FORMAT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * An instant (ISO 8601) as a `datetime-local` value in `zone`: "2026-03-08T03:00" (seconds only
 * when not 0). Not an instant: "".
 */
export function shopDateTimeInput(iso: string, zone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return "";
  const at = new TZDate(ms, zone);
  const seconds = at.getSeconds();
  return (
    `${pad(at.getFullYear(), 4)}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}` +
    (seconds ? `:${pad(seconds)}` : "")
  );
}

/**
 * A `datetime-local` value typed in `zone` as the instant it names ("2026-03-08T03:00" →
 * "2026-03-08T07:00:00Z"). A wall time the zone skips (2:30 on the morning clocks go forward)
 * is null; a wall time it repeats (1:30 on the morning clocks go back) is the first, daylight one.
 */
export function parseShopDateTimeInput(value: string, zone: string): string | null {
  const match = LOCAL_DATE_TIME_FORMAT.exec(value.trim());
  if (!match) return null;
  const [y, mo, d, h, mi, se] = match.slice(1).map((part) => Number(part ?? 0));
  const ms = new TZDate(y, mo - 1, d, h, mi, se, zone).getTime();
  if (Number.isNaN(ms)) return null;
  const typed = `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}${se ? `:${pad(se)}` : ""}`;
  // The zone's wall clock must show what was typed: a skipped time (or 30 February) shows another.
  if (shopDateTimeInput(new Date(ms).toISOString(), zone) !== typed) return null;
  // Of a repeated hour TZDate takes the first (daylight) instant, as the rule says.
  const instant = new Date(ms).toISOString();
  return instant.replace(".000Z", "Z");
}

// ─── Business days ─────────────────────────────────────────────────────────────

/**
 * The day `businessDays` business days (Monday to Friday) after the day `from` falls on in the
 * zone, as the first instant of that day there. From a Saturday or Sunday the count starts on
 * Monday.
 */
export function addShopBusinessDays(from: Instant, businessDays: number, zone: string): Date {
  const day = startOfDay(instant(from), { in: tz(zone) });
  return plain(startOfDay(addBusinessDays(day, businessDays, { in: tz(zone) }), { in: tz(zone) }));
}

// ─── Words ───────────────────────────────────────────────────────────────────────

/** "June 3, 2027": the day of an instant in the zone. */
export const formatShopDate = (at: Instant, zone: string) => format(instant(at), "MMMM d, yyyy", { in: tz(zone) });

/** "Wednesday, June 3, 2027". */
export const formatShopLongDate = (at: Instant, zone: string) =>
  format(instant(at), "EEEE, MMMM d, yyyy", { in: tz(zone) });

/** "Wednesday, June 3" (the delivery estimate's words). */
export const formatShopWeekday = (at: Instant, zone: string) => format(instant(at), "EEEE, MMMM d", { in: tz(zone) });

/** The zone's short name at an instant: "EST" in winter and "EDT" in summer in New York. */
export const shopZoneName = (at: Instant, zone: string) => tzName(zone, instant(at), "short");

/** "June 3, 2027, 14:05 EDT": a moment in the zone, with the zone's name at that moment. */
export const formatShopDateTime = (at: Instant, zone: string) =>
  `${format(instant(at), "MMMM d, yyyy, HH:mm", { in: tz(zone) })} ${shopZoneName(at, zone)}`;

/** "2027-06-03 14:05 EDT" (with seconds: "2027-06-03 14:05:09 EDT"): a compact moment for the back office's tables. */
export const formatShopStamp = (at: Instant, zone: string, seconds = false) =>
  `${format(instant(at), seconds ? "yyyy-MM-dd HH:mm:ss" : "yyyy-MM-dd HH:mm", { in: tz(zone) })} ${shopZoneName(at, zone)}`;

/** "November 2026" for the month key "2026-11" (a key names no zone). */
export function formatMonthKey(month: string): string {
  const start = startOfShopMonth(month, "UTC");
  return start ? format(start, "MMMM yyyy", { in: tz("UTC") }) : month;
}
