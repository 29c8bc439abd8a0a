// The back office's donations report (docs/rules.md "Back office: donations"): what orders gave,
// by cause and by month. The order's own donation figures are the truth the shop keeps (the
// customer's "given in all" line reads the same), counted only for GIVING_ORDER_STATUSES: a
// cancelled order's donation is reversed and a fully refunded one gave nothing.
import type { PrismaClient } from "~/generated/prisma/client";
import { groupDonations, monthsRange, reportMonths, type DonationReport } from "~/models/admin-donations";
import { GIVING_ORDER_STATUSES } from "~/models/order-donation";

/** The donations report; its months are months in the shop's time zone `timeZone` (SHOP_TIME_ZONE). */
export function createDonationReport(db: PrismaClient, timeZone: string, now: () => Date = () => new Date()) {
  return async function donationReport(month: string | null): Promise<DonationReport> {
    const months = reportMonths(month, now(), timeZone);
    const { from, to } = monthsRange(months, timeZone);
    const rows = await db.order.findMany({
      where: {
        status: { in: [...GIVING_ORDER_STATUSES] },
        createdAt: { gte: from, lt: to },
        OR: [{ donationCents: { gt: 0 } }, { shopperDonationCents: { gt: 0 } }],
      },
      select: {
        createdAt: true,
        donationCauseId: true,
        donationCauseName: true,
        donationCents: true,
        shopperDonationCents: true,
      },
    });
    return groupDonations(
      rows.map((r) => ({
        createdAt: r.createdAt,
        causeId: r.donationCauseId,
        causeName: r.donationCauseName,
        donationCents: r.donationCents,
        shopperDonationCents: r.shopperDonationCents,
      })),
      months,
      timeZone,
    );
  };
}
