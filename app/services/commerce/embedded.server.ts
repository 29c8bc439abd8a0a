import type { PrismaClient } from "~/generated/prisma/client";
import { splitTags, type ProductCardData } from "~/models/product";
import type { SiteId } from "~/models/site";
import type { CommerceProvider } from "./types";

const cardSelect = {
  id: true,
  handle: true,
  title: true,
  description: true,
  brand: true,
  productType: true,
  images: {
    where: { variantId: null },
    orderBy: { position: "asc" },
    take: 1,
    select: { url: true, alt: true, width: true, height: true },
  },
  variants: {
    orderBy: { position: "asc" },
    select: {
      sku: true,
      url: true,
      size: true,
      priceCents: true,
      compareAtPriceCents: true,
      inventory: true,
      badgeTags: true,
    },
  },
} as const;

/** Restricts a product query to what a site sells. */
export function soldOn(site: SiteId) {
  return site === "HPSF" ? { soldOnHpsf: true } : { soldOnDtc: true };
}

/** The commerce provider backed by our own database. */
export function createEmbeddedCommerce(db: PrismaClient): CommerceProvider {
  return {
    async getFeaturedProducts(site, limit) {
      const products = await db.product.findMany({
        where: { ...soldOn(site), featuredRank: { not: null } },
        orderBy: { featuredRank: "asc" },
        take: limit,
        select: cardSelect,
      });
      return products.flatMap((product): ProductCardData[] => {
        const variant = product.variants.find((v) => v.inventory > 0) ?? product.variants[0];
        if (!variant) return [];
        const { images, variants: _variants, ...rest } = product;
        return [
          { ...rest, image: images[0] ?? null, variant: { ...variant, badgeTags: splitTags(variant.badgeTags) } },
        ];
      });
    },

    async getCartTotalQuantity(cartId) {
      const total = await db.cartLine.aggregate({ where: { cartId }, _sum: { quantity: true } });
      return total._sum.quantity ?? 0;
    },
  };
}
