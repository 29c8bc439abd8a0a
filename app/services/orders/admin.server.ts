// The back office's reading of orders and returns (docs/rules.md "Back office: orders"): the
// orders search, an order with everything an operator needs, the packed orders waiting to ship
// and the returns queue. The changes go through the order lifecycle (lifecycle.server.ts), each
// audited in its own transaction.
import { containsIgnoringCase } from "~/db.server";
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import { formatAddress, parseAddress } from "~/models/address";
import {
  ADMIN_ORDERS_PAGE_SIZE,
  OPEN_RETURN_STATUSES,
  type OrderListRow,
  type OrderSearch,
} from "~/models/admin-orders";
import { shopDayFilter } from "~/models/shop-time";
import { refundLeftCents } from "~/models/refunds";
import { orderTimeline, trackingOf, type ReturnStatus, type TimelineStep } from "~/models/order-lifecycle";

/** A row of the orders list with its id (the model's `OrderListRow`). */
export interface AdminOrderRow extends OrderListRow {
  id: string;
}

export interface AdminOrderDetail extends AdminOrderRow {
  customerId: string | null;
  source: string;
  subtotalCents: number;
  discountCents: number;
  programDiscountCents: number;
  shippingCents: number;
  surchargeCents: number;
  taxCents: number;
  shopperDonationKind: string | null;
  shopperDonationCents: number;
  donationCents: number;
  donationCauseName: string | null;
  refundedCents: number;
  pendingRefundCents: number;
  /** What is left to refund: total − refunded − pending − open returns (`refundLeftCents`). */
  refundableCents: number;
  paymentSummary: string | null;
  discountCodes: string[];
  shippingAddress: string | null;
  lines: {
    id: string;
    productTitle: string;
    variantTitle: string;
    sku: string;
    quantity: number;
    unitPriceCents: number;
  }[];
  timeline: TimelineStep[];
  tracking: { carrierName: string; trackingNumber: string; url: string } | null;
  refunds: {
    id: string;
    amountCents: number;
    status: string;
    reason: string;
    /** Why it can never be given (a failed refund). */
    failure: string | null;
    createdAt: string;
  }[];
  returns: AdminReturnRow[];
}

export interface AdminReturnRow {
  id: string;
  orderId: string;
  orderNumber: number;
  status: string;
  reason: string;
  comment: string | null;
  refundCents: number;
  /** The return's refund: null before the goods are received. */
  refundStatus: string | null;
  createdAt: string;
  lines: { productTitle: string; variantTitle: string; quantity: number }[];
}

const fullName = (customer: { firstName: string; lastName: string } | null) =>
  customer ? `${customer.firstName} ${customer.lastName}`.trim() || null : null;

/** Each word of a customer query matches the order's email or the customer's name or email, in any case. */
function customerWhere(query: string): Prisma.OrderWhereInput {
  const words = query.split(/\s+/).filter(Boolean).slice(0, 5);
  return {
    AND: words.map((word) => ({
      OR: [
        { email: containsIgnoringCase(word) },
        { customer: { is: { firstName: containsIgnoringCase(word) } } },
        { customer: { is: { lastName: containsIgnoringCase(word) } } },
        { customer: { is: { email: containsIgnoringCase(word) } } },
      ],
    })),
  };
}

/** The orders a search finds; its placed days are days in the shop's time zone `zone`. */
export function searchWhere(search: Partial<OrderSearch>, zone: string): Prisma.OrderWhereInput {
  const placed = shopDayFilter(search.from, search.to, zone);
  return {
    AND: [
      { status: search.status ?? { not: "pending" } },
      search.number !== undefined ? { number: search.number } : {},
      search.site ? { site: search.site } : {},
      search.customer ? customerWhere(search.customer) : {},
      placed.gte || placed.lt ? { createdAt: placed } : {},
    ],
  };
}

const returnInclude = {
  lines: { include: { orderLine: { select: { productTitle: true, variantTitle: true } } } },
  refund: { select: { status: true } },
  order: { select: { number: true } },
} satisfies Prisma.OrderReturnInclude;

function returnRow(r: Prisma.OrderReturnGetPayload<{ include: typeof returnInclude }>): AdminReturnRow {
  return {
    id: r.id,
    orderId: r.orderId,
    orderNumber: r.order.number,
    status: r.status,
    reason: r.reason,
    comment: r.comment,
    refundCents: r.refundCents,
    refundStatus: r.refund?.status ?? (r.status === "refunded" ? "succeeded" : null),
    createdAt: r.createdAt.toISOString(),
    lines: r.lines.map((line) => ({
      productTitle: line.orderLine.productTitle,
      variantTitle: line.orderLine.variantTitle,
      quantity: line.quantity,
    })),
  };
}

const listInclude = {
  customer: { select: { firstName: true, lastName: true } },
  lines: { select: { quantity: true } },
} satisfies Prisma.OrderInclude;

function listRow(row: Prisma.OrderGetPayload<{ include: typeof listInclude }>): AdminOrderRow {
  return {
    id: row.id,
    number: row.number,
    createdAt: row.createdAt.toISOString(),
    email: row.email,
    customerName: fullName(row.customer),
    site: row.site,
    status: row.status,
    totalCents: row.totalCents,
    currencyCode: row.currencyCode,
    items: row.lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}

export function createOrderAdmin(db: PrismaClient, settings: { timeZone: string }) {
  return {
    /** The orders search, newest (highest number) first, ADMIN_ORDERS_PAGE_SIZE a page. */
    async search(search: Partial<OrderSearch>): Promise<{ orders: AdminOrderRow[]; total: number; page: number }> {
      const page = search.page ?? 1;
      const where = searchWhere(search, settings.timeZone);
      const [rows, total] = await Promise.all([
        db.order.findMany({
          where,
          orderBy: { number: "desc" },
          skip: (page - 1) * ADMIN_ORDERS_PAGE_SIZE,
          take: ADMIN_ORDERS_PAGE_SIZE,
          include: listInclude,
        }),
        db.order.count({ where }),
      ]);
      return { page, total, orders: rows.map(listRow) };
    },

    /** Every order of the search (its page aside), newest first, at most `limit` (the CSV export). */
    async exportRows(search: Partial<OrderSearch>, limit: number): Promise<AdminOrderRow[]> {
      const rows = await db.order.findMany({
        where: searchWhere(search, settings.timeZone),
        orderBy: { number: "desc" },
        take: limit,
        include: listInclude,
      });
      return rows.map(listRow);
    },

    /** An order by its number with everything the order page shows; null when there is none (or it is pending). */
    async detail(number: number): Promise<AdminOrderDetail | null> {
      const order = await db.order.findUnique({
        where: { number },
        include: {
          customer: { select: { firstName: true, lastName: true } },
          lines: { orderBy: { id: "asc" } },
          events: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
          refunds: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
          returns: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: returnInclude },
        },
      });
      if (!order || order.status === "pending") return null;
      const pendingRefundCents = order.refunds
        .filter((refund) => refund.status === "pending")
        .reduce((sum, refund) => sum + refund.amountCents, 0);
      const address = parseAddress(order.shippingAddress);
      return {
        id: order.id,
        number: order.number,
        createdAt: order.createdAt.toISOString(),
        email: order.email,
        customerId: order.customerId,
        customerName: fullName(order.customer),
        site: order.site,
        source: order.source,
        status: order.status,
        currencyCode: order.currencyCode,
        items: order.lines.reduce((sum, line) => sum + line.quantity, 0),
        subtotalCents: order.subtotalCents,
        discountCents: order.discountCents,
        programDiscountCents: order.programDiscountCents,
        shippingCents: order.shippingCents,
        surchargeCents: order.surchargeCents,
        taxCents: order.taxCents,
        shopperDonationKind: order.shopperDonationKind,
        shopperDonationCents: order.shopperDonationCents,
        donationCents: order.donationCents,
        donationCauseName: order.donationCauseName,
        totalCents: order.totalCents,
        refundedCents: order.refundedCents,
        pendingRefundCents,
        refundableCents: refundLeftCents({
          ...order,
          pendingRefundCents,
          openReturnCents: order.returns
            .filter((r) => (OPEN_RETURN_STATUSES as readonly string[]).includes(r.status))
            .reduce((sum, r) => sum + r.refundCents, 0),
        }),
        paymentSummary: order.paymentSummary,
        discountCodes: order.discountCodes.split(",").filter(Boolean),
        shippingAddress: address ? formatAddress(address) : null,
        lines: order.lines.map((line) => ({
          id: line.id,
          productTitle: line.productTitle,
          variantTitle: line.variantTitle,
          sku: line.sku,
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
        })),
        timeline: orderTimeline(order, order.events),
        tracking: trackingOf(order),
        refunds: order.refunds.map((refund) => ({
          id: refund.id,
          amountCents: refund.amountCents,
          status: refund.status,
          reason: refund.reason,
          failure: refund.failure,
          createdAt: refund.createdAt.toISOString(),
        })),
        returns: order.returns.map(returnRow),
      };
    },

    /** An order's id and number by its id (for the bulk ship report); null when unknown. */
    async numbersOf(ids: string[]): Promise<Map<string, number>> {
      const rows = await db.order.findMany({ where: { id: { in: ids } }, select: { id: true, number: true } });
      return new Map(rows.map((row) => [row.id, row.number]));
    },

    /** The packed orders waiting to ship, oldest first (the bulk ship page). */
    async packedOrders(limit = 200): Promise<AdminOrderRow[]> {
      const rows = await db.order.findMany({
        where: { status: "packed" },
        orderBy: { number: "asc" },
        take: limit,
        include: listInclude,
      });
      return rows.map(listRow);
    },

    /** How many orders of the search (its status and page aside) are in each status (the list's counts). */
    async statusCounts(search: Partial<OrderSearch>): Promise<Record<string, number>> {
      const groups = await db.order.groupBy({
        by: ["status"],
        where: searchWhere({ ...search, status: undefined }, settings.timeZone),
        _count: { _all: true },
      });
      return Object.fromEntries(groups.map((group) => [group.status, group._count._all]));
    },

    /** How many returns are in each status (the queue's counts). */
    async returnCounts(): Promise<Record<string, number>> {
      const groups = await db.orderReturn.groupBy({ by: ["status"], _count: { _all: true } });
      return Object.fromEntries(groups.map((group) => [group.status, group._count._all]));
    },

    /** One return as the queue shows it, or null (the confirmation's question names its order and refund). */
    async returnOf(id: string): Promise<AdminReturnRow | null> {
      const row = await db.orderReturn.findUnique({ where: { id }, include: returnInclude });
      return row ? returnRow(row) : null;
    },

    /** The returns queue, oldest first: the open ones (requested, approved), or those in `status`. */
    async returnsQueue(status: ReturnStatus | undefined, limit = 200): Promise<AdminReturnRow[]> {
      const rows = await db.orderReturn.findMany({
        where: { status: status ?? { in: [...OPEN_RETURN_STATUSES] } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take: limit,
        include: returnInclude,
      });
      return rows.map(returnRow);
    },
  };
}
