import type { PrismaClient } from "~/generated/prisma/client";
import { defaultVariant, variantPath } from "~/models/product";
import { sitePolicy } from "~/models/site-policy";
import { createCarts } from "./cart.server";
import { createCatalogue } from "./catalogue.server";
import { catalogueSnapshot } from "./catalogue-snapshot.server";
import type { CommerceProvider } from "./types";

// The order SQL's ORDER BY gave on SQLite (binary comparison of the text).
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The commerce provider backed by our own database. */
export function createEmbeddedCommerce(db: PrismaClient): CommerceProvider {
  return {
    ...createCatalogue(db),
    ...createCarts(db),

    async getCartTotalQuantity(cartId) {
      const total = await db.cartLine.aggregate({ where: { cartId }, _sum: { quantity: true } });
      return total._sum.quantity ?? 0;
    },

    // From the catalogue snapshot, which holds every product in memory: no query per
    // product, and none that grows with the catalogue (docs/rules.md "Catalogue at scale").
    async listSitemapProducts(site) {
      const { products } = await catalogueSnapshot(db);
      const soldOn = sitePolicy(site).soldOnFlag;
      return products
        .filter((product) => product[soldOn])
        .map(({ detail, updatedAt }) => ({
          handle: detail.handle,
          title: detail.title,
          species: detail.species,
          updatedAt: new Date(updatedAt),
          path: variantPath(defaultVariant(detail.variants) ?? detail.variants[0]),
        }))
        .sort(
          (a, b) =>
            compareText(a.species, b.species) || compareText(a.title, b.title) || compareText(a.handle, b.handle),
        );
    },
  };
}
