// The back office's view of customers (docs/rules.md "Back office: customers"): search by
// email or name, without case on both databases, by site and the staff program's sites, and
// one customer's profile, orders, autoships, addresses and sign-in state. Read only: the
// sign-in's unlock and the reset email belong to the identity service.
import { containsIgnoringCase } from "~/db.server";
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import { CUSTOMER_PAGE_SIZE, signInStateOf, type CustomerSearch, type SignInState } from "~/models/admin-customers";
import { SITE_IDS, storedSite, type SiteId } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";

export interface CustomerListRow {
  id: string;
  site: SiteId;
  email: string;
  name: string;
  createdAt: string;
  orderCount: number;
  locked: boolean;
}

export interface CustomerDetail {
  id: string;
  site: SiteId;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  acceptsMarketing: boolean;
  createdAt: string;
  signIn: (SignInState & { store: string }) | null;
  orders: { number: number; status: string; totalCents: number; createdAt: string }[];
  autoships: {
    id: string;
    status: "active" | "cancelled";
    product: string;
    variant: string;
    frequency: string;
    quantity: number;
    nextOrderDate: string | null;
    card: string | null;
  }[];
  addresses: { id: string; lines: string[]; isDefault: boolean }[];
}

/** The sites whose customers are the staff program's members (`sitePolicy(site).staffProgram`). */
export const STAFF_PROGRAM_SITES: SiteId[] = SITE_IDS.filter((site) => sitePolicy(site).staffProgram);

export function createCustomerDirectory(db: PrismaClient, now: () => Date = () => new Date()) {
  return {
    async search(filter: CustomerSearch): Promise<{ rows: CustomerListRow[]; total: number; page: number }> {
      const sites = filter.members
        ? STAFF_PROGRAM_SITES.filter((site) => !filter.site || site === filter.site)
        : filter.site
          ? [filter.site]
          : null;
      const terms = (filter.q ?? "").split(/\s+/).filter(Boolean).slice(0, 4);
      const where: Prisma.CustomerWhereInput = {
        ...(sites ? { site: { in: sites } } : {}),
        // Every word matches the email, the first or the last name ("dana r" finds Dana Reyes).
        AND: terms.map((term) => ({
          OR: [
            { email: containsIgnoringCase(term) },
            { firstName: containsIgnoringCase(term) },
            { lastName: containsIgnoringCase(term) },
          ],
        })),
      };
      const page = filter.page;
      const [rows, total] = await Promise.all([
        db.customer.findMany({
          where,
          orderBy: [{ createdAt: "desc" }, { id: "asc" }],
          skip: (page - 1) * CUSTOMER_PAGE_SIZE,
          take: CUSTOMER_PAGE_SIZE,
          select: {
            id: true,
            site: true,
            email: true,
            firstName: true,
            lastName: true,
            createdAt: true,
            identity: { select: { lockedUntil: true, failedSignIns: true } },
            _count: { select: { orders: true } },
          },
        }),
        db.customer.count({ where }),
      ]);
      const at = now();
      return {
        page,
        total,
        rows: rows.map((row) => ({
          id: row.id,
          site: storedSite(row.site),
          email: row.email,
          name: `${row.firstName} ${row.lastName}`.trim(),
          createdAt: row.createdAt.toISOString(),
          orderCount: row._count.orders,
          locked: row.identity ? signInStateOf(row.identity, at).locked : false,
        })),
      };
    },

    async detail(customerId: string): Promise<CustomerDetail | null> {
      const row = await db.customer.findUnique({
        where: { id: customerId },
        include: {
          identity: { select: { store: true, lockedUntil: true, failedSignIns: true } },
          addresses: { orderBy: { id: "asc" } },
          orders: {
            orderBy: [{ createdAt: "desc" }, { number: "desc" }],
            take: 50,
            select: { number: true, status: true, totalCents: true, createdAt: true },
          },
          subscriptions: {
            orderBy: [{ cancelled: "asc" }, { nextOrderDate: "asc" }],
            include: { product: { select: { title: true } }, variant: { select: { title: true } } },
          },
        },
      });
      if (!row) return null;
      const tokenIds = row.subscriptions.map((s) => s.paymentTokenId).filter((id): id is string => Boolean(id));
      const tokens = tokenIds.length
        ? await db.paymentToken.findMany({
            where: { id: { in: tokenIds } },
            select: { id: true, brand: true, last4: true },
          })
        : [];
      const cardOf = new Map(tokens.map((t) => [t.id, `${t.brand} ending ${t.last4}`]));
      return {
        id: row.id,
        site: storedSite(row.site),
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        phone: row.phone,
        acceptsMarketing: row.acceptsMarketing,
        createdAt: row.createdAt.toISOString(),
        signIn: row.identity ? { store: row.identity.store, ...signInStateOf(row.identity, now()) } : null,
        orders: row.orders.map((o) => ({
          number: o.number,
          status: o.status,
          totalCents: o.totalCents,
          createdAt: o.createdAt.toISOString(),
        })),
        autoships: row.subscriptions.map((s) => ({
          id: s.id,
          status: s.cancelled ? "cancelled" : "active",
          product: s.product.title,
          variant: s.variant.title,
          frequency: s.frequency,
          quantity: s.quantity,
          nextOrderDate: s.cancelled ? null : s.nextOrderDate.toISOString(),
          card: s.paymentTokenId ? (cardOf.get(s.paymentTokenId) ?? null) : null,
        })),
        addresses: row.addresses.map((a) => ({
          id: a.id,
          isDefault: a.id === row.defaultAddressId,
          lines: [
            `${a.firstName} ${a.lastName}`.trim(),
            a.company ?? "",
            a.address1,
            a.address2 ?? "",
            `${a.city}, ${a.provinceCode} ${a.zip}`,
            a.countryCode,
            a.phone ?? "",
          ].filter(Boolean),
        })),
      };
    },
  };
}
