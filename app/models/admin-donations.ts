// The back office's donations report, pure parts (docs/rules.md "Back office: donations"): the
// months it covers and the grouping of orders' donations by cause and by month.
import { orderGivesCents } from "./order-donation";
import { shiftMonth, shopMonth, startOfShopMonth } from "./shop-time";

/** One giving order's donation, as the report reads it. */
export interface DonationRow {
  createdAt: Date;
  causeId: string | null;
  causeName: string | null;
  donationCents: number;
  shopperDonationCents: number;
}

export interface DonationGroup {
  /** The cause's name, or the month "YYYY-MM". */
  key: string;
  label: string;
  /** Merchant-funded plus the shopper's own extra, in cents. */
  cents: number;
  orders: number;
}

export interface DonationReport {
  months: string[];
  byCause: DonationGroup[];
  byMonth: DonationGroup[];
  totalCents: number;
  orders: number;
}

/**
 * The report's months ("YYYY-MM", months in the shop's time zone): the one asked for, else the
 * last 12 up to `now`'s, oldest first.
 */
export function reportMonths(month: string | null, now: Date, zone: string): string[] {
  if (month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return [month];
  const current = shopMonth(now, zone);
  return Array.from({ length: 12 }, (_, i) => shiftMonth(current, i - 11));
}

/** The start of the first month and the start of the month after the last, in the zone, for the query. */
export function monthsRange(months: string[], zone: string): { from: Date; to: Date } {
  const from = startOfShopMonth(months[0]!, zone)!;
  const to = startOfShopMonth(shiftMonth(months[months.length - 1]!, 1), zone)!;
  return { from, to };
}

const NO_CAUSE = "No cause recorded";

/**
 * Sums what each order gave (`orderGivesCents`) by cause (largest first, then by name) and by
 * month (every month of the report, empty ones at 0). An order that gave nothing is not counted.
 */
export function groupDonations(rows: readonly DonationRow[], months: string[], zone: string): DonationReport {
  const causes = new Map<string, DonationGroup>();
  const byMonth = new Map<string, DonationGroup>(months.map((m) => [m, { key: m, label: m, cents: 0, orders: 0 }]));
  let totalCents = 0;
  let orders = 0;
  for (const row of rows) {
    const cents = orderGivesCents(row);
    if (cents <= 0) continue;
    const month = byMonth.get(shopMonth(row.createdAt, zone));
    if (!month) continue;
    const label = row.causeName?.trim() || NO_CAUSE;
    const key = row.causeId ?? label;
    const cause = causes.get(key) ?? { key, label, cents: 0, orders: 0 };
    cause.cents += cents;
    cause.orders += 1;
    causes.set(key, cause);
    month.cents += cents;
    month.orders += 1;
    totalCents += cents;
    orders += 1;
  }
  return {
    months,
    byCause: [...causes.values()].sort((a, b) => b.cents - a.cents || a.label.localeCompare(b.label)),
    byMonth: [...byMonth.values()],
    totalCents,
    orders,
  };
}
