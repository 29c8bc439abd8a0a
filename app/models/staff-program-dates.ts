// The staff-feeding program's dates (docs/rules.md "Staff-feeding program", "Shop time"): the
// quota month and the graduation years, in the shop's time zone. Apart from ./staff-program,
// which every page loads for its rules, so that the date library stays out of the storefront's
// scripts (docs/rules.md "Client JavaScript budget").
import { formatMonthKey, shopMonth, shopYear } from "./shop-time";

/** Graduation years offered: this year (in the shop's time zone) and the next six. */
export function graduationYears(today: Date, zone: string): number[] {
  const year = shopYear(today, zone);
  return Array.from({ length: 7 }, (_, i) => year + i);
}

/**
 * The quota month of a moment: "YYYY-MM" in the shop's time zone, so an order at 23:30 on
 * January 31 in New York counts in January although it is February in UTC.
 */
export function quotaMonthOf(at: Date, zone: string): string {
  return shopMonth(at, zone);
}

/** "November 2026" for "2026-11". */
export const quotaMonthLabel = (month: string): string => formatMonthKey(month);
