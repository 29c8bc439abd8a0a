import type { PrismaClient } from "~/generated/prisma/client";
import type { ProductCardData } from "~/models/product";
import { cardSelect, createCatalogue, soldOn, toCard } from "./catalogue.server";
import type { CommerceProvider } from "./types";

/** The commerce provider backed by our own database. */
export function createEmbeddedCommerce(db: PrismaClient): CommerceProvider {
  return {
    ...createCatalogue(db),

    async getFeaturedProducts(site, limit) {
      const rows = await db.product.findMany({
        where: { ...soldOn(site), featuredRank: { not: null } },
        orderBy: { featuredRank: "asc" },
        take: limit,
        select: cardSelect,
      });
      return rows.flatMap((row): ProductCardData[] => {
        const card = toCard(row);
        return card ? [card] : [];
      });
    },

    async getCartTotalQuantity(cartId) {
      const total = await db.cartLine.aggregate({ where: { cartId }, _sum: { quantity: true } });
      return total._sum.quantity ?? 0;
    },
  };
}
