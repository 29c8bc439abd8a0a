import type { PrismaClient } from "~/generated/prisma/client";
import { createCarts } from "./cart.server";
import { createCatalogue } from "./catalogue.server";
import { catalogueSnapshot } from "./catalogue-snapshot.server";
import type { CommerceProvider } from "./types";

/** The commerce provider backed by our own database. */
export function createEmbeddedCommerce(db: PrismaClient): CommerceProvider {
  return {
    ...createCatalogue(() => catalogueSnapshot(db)),
    ...createCarts(db),

    async getCartTotalQuantity(cartId) {
      const total = await db.cartLine.aggregate({ where: { cartId }, _sum: { quantity: true } });
      return total._sum.quantity ?? 0;
    },
  };
}
