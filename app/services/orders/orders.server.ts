// Reading orders: one order with its
// lines, and a customer's orders as a cursor-paged connection with pageInfo
// (shop-core spec section 3). The accounts pages build on these.
import { containsIgnoringCase } from "~/db.server";
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import { parseAddress, type PostalAddress } from "~/models/address";
import { mayViewOrder, type OrderViewer } from "~/models/order-access";
import { GIVING_ORDER_STATUSES } from "~/models/order-donation";
import { orderTimeline, trackingOf, type TimelineStep } from "~/models/order-lifecycle";

export interface OrderView {
  id: string;
  number: number;
  site: string;
  customerId: string | null;
  email: string;
  status: string;
  source: string;
  createdAt: string;
  subtotalCents: number;
  discountCents: number;
  programDiscountCents: number;
  discountCodes: string[];
  shippingCents: number;
  surchargeCents: number;
  taxCents: number;
  totalCents: number;
  /** What the order gives (docs/rules.md "Donations"): its cause, the merchant's part and the shopper's extra. */
  donationCauseName: string | null;
  donationCents: number;
  shopperDonationKind: string | null;
  shopperDonationCents: number;
  currencyCode: string;
  paymentSummary: string | null;
  /** Given back to the card so far (docs/rules.md "Order lifecycle"). */
  refundedCents: number;
  /** Every step since it was placed, oldest first (`orderTimeline`). */
  timeline: TimelineStep[];
  /** The shipment, once shipped (`trackingOf`). */
  tracking: { carrierName: string; trackingNumber: string; url: string } | null;
  deliveredAt: string | null;
  shippingAddress: PostalAddress | null;
  attributes: { key: string; value: string }[];
  lines: {
    id: string;
    variantId: string | null;
    productTitle: string;
    variantTitle: string;
    sku: string;
    quantity: number;
    unitPriceCents: number;
    sellingPlanId: string | null;
    weightValue: number;
    weightUnit: string;
  }[];
  subscriptions: {
    id: string;
    contractId: string;
    frequency: string;
    nextOrderDate: string;
    quantity: number;
    productTitle: string;
  }[];
}

export interface OrderConnection {
  nodes: OrderView[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

const include = {
  lines: { orderBy: { id: "asc" as const } },
  events: { orderBy: [{ createdAt: "asc" as const }, { id: "asc" as const }] },
  subscriptions: {
    select: {
      id: true,
      contractId: true,
      frequency: true,
      nextOrderDate: true,
      quantity: true,
      product: { select: { title: true } },
    },
  },
};

type Row = NonNullable<Awaited<ReturnType<PrismaClient["order"]["findFirst"]>>> & {
  lines: OrderView["lines"];
  events: { kind: string; createdAt: Date; detail: string | null; amountCents: number | null }[];
  subscriptions: {
    id: string;
    contractId: string;
    frequency: string;
    nextOrderDate: Date;
    quantity: number;
    product: { title: string };
  }[];
};

function toView(row: Row): OrderView {
  let attributes: OrderView["attributes"] = [];
  try {
    attributes = JSON.parse(row.attributes) as OrderView["attributes"];
  } catch {
    attributes = [];
  }
  return {
    id: row.id,
    number: row.number,
    site: row.site,
    customerId: row.customerId,
    email: row.email,
    status: row.status,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    programDiscountCents: row.programDiscountCents,
    discountCodes: row.discountCodes.split(",").filter(Boolean),
    shippingCents: row.shippingCents,
    surchargeCents: row.surchargeCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    donationCauseName: row.donationCauseName,
    donationCents: row.donationCents,
    shopperDonationKind: row.shopperDonationKind,
    shopperDonationCents: row.shopperDonationCents,
    currencyCode: row.currencyCode,
    paymentSummary: row.paymentSummary,
    refundedCents: row.refundedCents,
    timeline: orderTimeline(row, row.events),
    tracking: trackingOf(row),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    shippingAddress: parseAddress(row.shippingAddress),
    attributes,
    lines: row.lines.map((l) => ({
      id: l.id,
      variantId: l.variantId,
      productTitle: l.productTitle,
      variantTitle: l.variantTitle,
      sku: l.sku,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      sellingPlanId: l.sellingPlanId,
      weightValue: l.weightValue,
      weightUnit: l.weightUnit,
    })),
    subscriptions: row.subscriptions.map((s) => ({
      id: s.id,
      contractId: s.contractId,
      frequency: s.frequency,
      nextOrderDate: s.nextOrderDate.toISOString(),
      quantity: s.quantity,
      productTitle: s.product.title,
    })),
  };
}

/** A cursor: the order's creation time and id, opaque to callers. */
/** The cursor of an order (also of a view, whose createdAt is an ISO string): any edge's cursor continues after it. */
export const orderCursor = (row: { createdAt: Date | string; id: string }) =>
  Buffer.from(`${new Date(row.createdAt).getTime()}:${row.id}`).toString("base64url");

const encodeCursor = (row: { createdAt: Date; id: string }) =>
  Buffer.from(`${row.createdAt.getTime()}:${row.id}`).toString("base64url");

function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  const [time, id] = Buffer.from(cursor, "base64url").toString("utf8").split(":");
  const ms = Number(time);
  return id && Number.isFinite(ms) ? { createdAt: new Date(ms), id } : null;
}

export const MAX_ORDERS_PAGE = 50;

export function createOrderReader(db: PrismaClient) {
  /** An order that was placed (a pending one is still being placed), or null. */
  async function getOrder(id: string): Promise<OrderView | null> {
    const row = await db.order.findUnique({ where: { id }, include });
    return row && row.status !== "pending" ? toView(row as Row) : null;
  }

  return {
    getOrder,

    /**
     * The order when this viewer may see it (docs/rules.md "Orders"), else null: every
     * page and call answers null as "not found", the same as an unknown id.
     */
    async viewableBy(id: string, viewer: OrderViewer): Promise<OrderView | null> {
      const order = await getOrder(id);
      return order && mayViewOrder(order, viewer) ? order : null;
    },

    /**
     * What a customer's paid orders have given (docs/rules.md "Donations"), summed per part:
     * the merchant's donations and the shopper's extras.
     */
    async donationsOf(customerId: string): Promise<{ donationCents: number; shopperDonationCents: number }> {
      const sums = await db.order.aggregate({
        where: { customerId, status: { in: [...GIVING_ORDER_STATUSES] } },
        _sum: { donationCents: true, shopperDonationCents: true },
      });
      return {
        donationCents: sums._sum.donationCents ?? 0,
        shopperDonationCents: sums._sum.shopperDonationCents ?? 0,
      };
    },

    /**
     * A customer's orders, newest first: `first` per page after the `after`
     * cursor; `query` matches an order number or a product title.
     */
    async listOrders(input: {
      customerId: string;
      first?: number;
      after?: string | null;
      query?: string | null;
    }): Promise<OrderConnection> {
      const first = Math.min(Math.max(input.first ?? 20, 1), MAX_ORDERS_PAGE);
      const cursor = input.after ? decodeCursor(input.after) : null;
      const q = input.query?.trim().replace(/^#/, "") ?? "";
      const and: Prisma.OrderWhereInput[] = [];
      if (q) {
        and.push({
          OR: [
            ...(/^\d+$/.test(q) ? [{ number: Number(q) }] : []),
            { lines: { some: { productTitle: containsIgnoringCase(q) } } },
          ],
        });
      }
      if (cursor) {
        and.push({
          OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }],
        });
      }
      const rows = await db.order.findMany({
        where: { customerId: input.customerId, status: { not: "pending" }, AND: and },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: first + 1,
        include,
      });
      const page = rows.slice(0, first);
      return {
        nodes: page.map((r) => toView(r as Row)),
        pageInfo: {
          hasNextPage: rows.length > first,
          hasPreviousPage: cursor !== null,
          startCursor: page[0] ? encodeCursor(page[0]) : null,
          endCursor: page.at(-1) ? encodeCursor(page.at(-1)!) : null,
        },
      };
    },
  };
}
