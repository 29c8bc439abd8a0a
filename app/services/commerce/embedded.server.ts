import type { PrismaClient } from "~/generated/prisma/client";
import { defaultVariant, detailForSite, variantPath } from "~/models/product";
import { sitePolicy } from "~/models/site-policy";
import { createCarts } from "./cart.server";
import { createCatalogue } from "./catalogue.server";
import { catalogueSnapshot } from "./catalogue-snapshot.server";
import type { CommerceProvider } from "./types";

// The order SQL's ORDER BY gave on SQLite (binary comparison of the text).
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const bySpeciesAndTitle = (
  a: { species: string; title: string; handle: string },
  b: { species: string; title: string; handle: string },
) => compareText(a.species, b.species) || compareText(a.title, b.title) || compareText(a.handle, b.handle);

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
        .sort(bySpeciesAndTitle);
    },

    // From the snapshot too, like the sitemap: every variant's price and units are in memory.
    async listFeedProducts(site) {
      const { products } = await catalogueSnapshot(db);
      const soldOn = sitePolicy(site).soldOnFlag;
      return products
        .filter((product) => product[soldOn])
        .map(({ detail }) => detailForSite(site, detail))
        .sort(bySpeciesAndTitle);
    },
  };
}
