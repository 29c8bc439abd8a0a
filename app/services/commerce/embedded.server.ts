import type { PrismaClient } from "~/generated/prisma/client";
import { defaultVariant, variantPath } from "~/models/product";
import { sitePolicy } from "~/models/site-policy";
import { createCarts } from "./cart.server";
import { createCatalogue } from "./catalogue.server";
import type { CommerceProvider } from "./types";

/** The commerce provider backed by our own database. */
export function createEmbeddedCommerce(db: PrismaClient): CommerceProvider {
  return {
    ...createCatalogue(db),
    ...createCarts(db),

    async getCartTotalQuantity(cartId) {
      const total = await db.cartLine.aggregate({ where: { cartId }, _sum: { quantity: true } });
      return total._sum.quantity ?? 0;
    },

    // Read from the database rather than the catalogue snapshot, which keeps no
    // updatedAt; one findMany with just the columns a sitemap needs (there may be
    // tens of thousands of synthetic products).
    async listSitemapProducts(site) {
      const rows = await db.product.findMany({
        where: { [sitePolicy(site).soldOnFlag]: true, variants: { some: {} } },
        orderBy: [{ species: "asc" }, { title: "asc" }, { handle: "asc" }],
        select: {
          handle: true,
          title: true,
          species: true,
          updatedAt: true,
          variants: { orderBy: { position: "asc" }, select: { url: true, inventory: true } },
        },
      });
      return rows.flatMap(({ variants, ...product }) => {
        const variant = defaultVariant(variants);
        return variant ? [{ ...product, path: variantPath(variant) }] : [];
      });
    },
  };
}
