// The developers' fulfilment tools' reads (the /dev/orders page and `npm run orders:advance`,
// docs/operations.md "Fulfilment in development"): which orders and returns there are to move.
// Kept apart from the order lifecycle, which changes orders and reads only for its own rules.
import type { PrismaClient } from "~/generated/prisma/client";
import type { ReturnStatus } from "~/models/order-lifecycle";

/** An order the fulfilment tools list: where it is and the open returns. */
export interface FulfilmentOrder {
  id: string;
  number: number;
  status: string;
  email: string;
  createdAt: string;
  totalCents: number;
  refundedCents: number;
  returns: { id: string; status: string; reason: string; refundCents: number; createdAt: string }[];
}

export function createFulfilmentReads(db: PrismaClient) {
  return {
    /** The newest orders past payment (highest numbers first) with their returns (the developers' fulfilment page). */
    async recentOrders(limit: number): Promise<FulfilmentOrder[]> {
      const rows = await db.order.findMany({
        where: { status: { not: "pending" } },
        orderBy: { number: "desc" },
        take: limit,
        select: {
          id: true,
          number: true,
          status: true,
          email: true,
          createdAt: true,
          totalCents: true,
          refundedCents: true,
          returns: {
            orderBy: { createdAt: "asc" },
            select: { id: true, status: true, reason: true, refundCents: true, createdAt: true },
          },
        },
      });
      return rows.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        returns: row.returns.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      }));
    },

    /** An order's id and status by its number, or null (a pending order is not there yet). */
    async orderByNumber(number: number): Promise<{ id: string; status: string } | null> {
      const order = await db.order.findUnique({ where: { number }, select: { id: true, status: true } });
      return order && order.status !== "pending" ? order : null;
    },

    /** The order's oldest return still in `status`, or null. */
    async oldestReturn(orderId: string, status: ReturnStatus): Promise<string | null> {
      const found = await db.orderReturn.findFirst({
        where: { orderId, status },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true },
      });
      return found?.id ?? null;
    },
  };
}
