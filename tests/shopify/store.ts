// The in-memory store behind the loopback Storefront API server: a Shopify store's products
// (with the `profeeding` metafields the shop's facets read; docs/decisions.md "Shopify adapter")
// and its carts. The fixture is a slice of the seeded catalogue, so its pictures exist in public/.
import { BRAND_LABEL, buildCatalogue, type SeedProduct } from "../../prisma/seed/catalogue";

export interface StoreMetafield {
  key: string;
  type: string;
  value: string;
}

export interface StoreVariant {
  id: string;
  sku: string;
  title: string;
  /** Decimal text, as Shopify writes money ("54.99"). */
  price: string;
  compareAtPrice: string | null;
  quantity: number;
  options: { name: string; value: string }[];
  weight: number;
  weightUnit: "POUNDS" | "OUNCES";
  image: string | null;
  metafields: StoreMetafield[];
}

export interface StoreProduct {
  id: string;
  handle: string;
  title: string;
  description: string;
  vendor: string;
  productType: string;
  tags: string[];
  publishedAt: string;
  updatedAt: string;
  metafields: StoreMetafield[];
  images: { url: string; altText: string; width: number; height: number }[];
  variants: StoreVariant[];
  /** Sold on Autoship: in the store's one selling plan group. */
  autoship: boolean;
}

export interface StoreSellingPlan {
  id: string;
  name: string;
  weeks: number;
}

export interface StoreCartLine {
  id: string;
  merchandiseId: string;
  quantity: number;
  attributes: { key: string; value: string }[];
  sellingPlanId: string | null;
}

export interface StoreCart {
  id: string;
  token: string;
  lines: StoreCartLine[];
  attributes: { key: string; value: string }[];
  note: string | null;
  discountCodes: string[];
  /** The buyer; `customerId` is the customer whose access token was given (checkout signs them in). */
  buyerIdentity: { email: string | null; phone: string | null; countryCode: string | null; customerId: string | null };
  createdAt: string;
  updatedAt: string;
}

export interface Store {
  products: StoreProduct[];
  sellingPlans: StoreSellingPlan[];
  carts: Map<string, StoreCart>;
  nextId: number;
}

const money = (cents: number) => (cents / 100).toFixed(2);

function toStoreProduct(product: SeedProduct, n: number, origin: string): StoreProduct {
  const id = `gid://shopify/Product/${1000 + n}`;
  const text = (key: string, value: string | null | undefined): StoreMetafield[] =>
    value ? [{ key, type: "single_line_text_field", value }] : [];
  const variants = product.variants.map((v, i) => ({
    id: `gid://shopify/ProductVariant/${(1000 + n) * 100 + i}`,
    sku: v.sku,
    title: v.title,
    price: money(v.priceCents),
    compareAtPrice: v.compareAtPriceCents === null ? null : money(v.compareAtPriceCents),
    quantity: v.inventory,
    options: [
      { name: "Size", value: v.size },
      { name: "Flavor", value: v.flavor },
      { name: "Product Form", value: v.productForm },
    ],
    weight: v.weightValue,
    weightUnit: v.weightUnit === "oz" ? ("OUNCES" as const) : ("POUNDS" as const),
    image: `${origin}/images/products/${product.handle}-${v.sku.toLowerCase()}.png`,
    metafields: text("pack_type", v.packType),
  }));
  const soldOn = [...(product.soldOnDtc ? ["DTC"] : []), ...(product.soldOnHpsf ? ["HPSF"] : [])];
  return {
    id,
    handle: product.handle,
    title: product.title,
    description: product.description,
    vendor: BRAND_LABEL[product.brand],
    productType: product.productType,
    tags: [...new Set(product.variants.flatMap((v) => v.badgeTags))],
    publishedAt: product.publishedAt.toISOString(),
    updatedAt: product.publishedAt.toISOString(),
    metafields: [
      ...text("species", product.species),
      ...text("lifestage", product.lifestage),
      ...text("breed_size", product.breedSize),
      ...text("food_form", product.foodForm),
      ...text("sub_brand", product.subBrand),
      {
        key: "health_conditions",
        type: "list.single_line_text_field",
        value: JSON.stringify(product.healthConditions),
      },
      { key: "sold_on", type: "list.single_line_text_field", value: JSON.stringify(soldOn) },
      ...(product.featuredRank === null
        ? []
        : [{ key: "featured_rank", type: "number_integer", value: String(product.featuredRank) }]),
      ...(product.nutrition ? [{ key: "nutrition", type: "json", value: JSON.stringify(product.nutrition) }] : []),
    ],
    images: variants.map((v) => ({ url: v.image!, altText: `${product.title}, ${v.title}`, width: 600, height: 600 })),
    variants,
    autoship: product.autoshipEligible,
  };
}

/**
 * A new store each call: 12 products of the seeded catalogue (dogs and cats, dry and wet, some on
 * Autoship), one of them sold on the staff-feeding site only, and one variant out of stock.
 * Images are served by the loopback server at `origin`.
 */
export function fixtureStore(origin: string): Store {
  const catalogue = buildCatalogue();
  const dogs = catalogue.filter((p) => p.species === "dog" && p.soldOnDtc).slice(0, 6);
  const cats = catalogue.filter((p) => p.species === "cat" && p.soldOnDtc).slice(0, 5);
  const staffOnly = { ...catalogue.find((p) => p.species === "cat" && !dogs.includes(p) && !cats.includes(p))! };
  staffOnly.soldOnDtc = false;
  staffOnly.soldOnHpsf = true;
  const products = [...dogs, ...cats, staffOnly].map((p, n) => toStoreProduct(p, n, origin));
  products[0].variants[products[0].variants.length - 1].quantity = 0;
  return {
    products,
    sellingPlans: [2, 4, 6].map((weeks, i) => ({
      id: `gid://shopify/SellingPlan/${700 + i}`,
      name: `Deliver every ${weeks} weeks`,
      weeks,
    })),
    carts: new Map(),
    nextId: 1,
  };
}
