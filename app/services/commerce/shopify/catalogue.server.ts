// The catalogue snapshot of a Shopify store: every product read through the Storefront API
// (paged, PAGE_MAX at a time), mapped onto the rows the embedded snapshot assembles, so cards,
// facets, listings and product pages follow the same rules whichever platform sells. The
// snapshot is kept in memory and refreshed in the background at most every REFRESH_MS and at
// once for a product a webhook names; while Shopify is slow or down the last snapshot serves.
import { centsFromDecimal } from "~/models/money";
import { variantUrl } from "~/models/product";
import { slugify } from "~/models/text";
import { logger } from "~/services/observability/index.server";
import type { SellingPlanSummary } from "~/services/commerce/types";
import {
  assemble,
  toProduct,
  type CatalogueProduct,
  type CatalogueSnapshot,
  type ImageRow,
  type ProductRow,
  type VariantRow,
} from "~/services/commerce/catalogue-snapshot.server";
import type { StorefrontClient } from "./client.server";
import { CATALOGUE_PAGE, CATALOGUE_PRODUCT_BY_ID, PAGE_MAX } from "./documents";

/** How often the whole catalogue is read again (webhooks bring single changes sooner). */
export const REFRESH_MS = 5 * 60_000;

interface Money {
  amount: string;
}
interface Metafield {
  key: string;
  value: string;
}

/** A product as the CatalogueProduct fragment (documents.ts) reads it. */
export interface ShopifyProduct {
  id: string;
  handle: string;
  title: string;
  description: string;
  vendor: string;
  productType: string;
  tags: string[];
  publishedAt: string;
  updatedAt: string;
  metafields: (Metafield | null)[];
  images: { nodes: { url: string; altText: string | null; width: number | null; height: number | null }[] };
  sellingPlanGroups: {
    nodes: {
      sellingPlans: {
        nodes: { id: string; name: string; deliveryPolicy: { interval?: string; intervalCount?: number } }[];
      };
    }[];
  };
  variants: {
    nodes: {
      id: string;
      sku: string | null;
      title: string;
      availableForSale: boolean;
      quantityAvailable: number | null;
      price: Money;
      compareAtPrice: Money | null;
      selectedOptions: { name: string; value: string }[];
      weight: number | null;
      weightUnit: string;
      image: { url: string } | null;
      metafields: (Metafield | null)[];
    }[];
  };
}

const WEIGHT_UNIT: Record<string, string> = { POUNDS: "lbs", OUNCES: "oz", KILOGRAMS: "kg", GRAMS: "g" };
const INTERVAL_DAYS: Record<string, number> = { DAY: 1, WEEK: 7, MONTH: 30, YEAR: 365 };
/** What "available, quantity not shown" counts as when the token may not read inventory. */
const UNCOUNTED_STOCK = 100;

const fields = (metafields: (Metafield | null)[]) =>
  new Map(metafields.flatMap((m) => (m ? [[m.key, m.value] as const] : [])));

/** A list metafield's values (a JSON array), or a plain value split on commas. */
function listOf(value: string | undefined): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed.map(String);
  } catch {
    // a plain text value
  }
  return value.split(",").map((v) => v.trim());
}

const integerOr = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) ? n : fallback;
};

/** The selling plans of a product's groups: Autoship frequencies. */
function plansOf(product: ShopifyProduct): SellingPlanSummary[] {
  return product.sellingPlanGroups.nodes.flatMap((group) =>
    group.sellingPlans.nodes.map((plan) => ({
      id: plan.id,
      name: plan.name,
      frequencyDays:
        (INTERVAL_DAYS[plan.deliveryPolicy.interval ?? ""] ?? 0) * (plan.deliveryPolicy.intervalCount ?? 1),
    })),
  );
}

/** One Shopify product as the snapshot's rows (docs/decisions.md "Shopify adapter": the metafield contract). */
export function catalogueProductOf(product: ShopifyProduct): CatalogueProduct | null {
  const meta = fields(product.metafields);
  const brand = slugify(product.vendor);
  const soldOn = listOf(meta.get("sold_on")).map((s) => s.toUpperCase());
  const badgeTags = product.tags.filter((tag) => tag.startsWith("badge::")).join(",");
  const variants: VariantRow[] = product.variants.nodes.flatMap((variant, position) => {
    if (!variant.sku) return []; // the shop's lines, orders and feeds need a SKU
    const option = (name: string) => variant.selectedOptions.find((o) => o.name === name)?.value ?? "";
    const size = option("Size") || variant.title;
    const flavor = option("Flavor");
    const weightValue = variant.weight ?? 0;
    const weightUnit = WEIGHT_UNIT[variant.weightUnit] ?? "lbs";
    return [
      {
        productId: product.id,
        position,
        id: variant.id,
        sku: variant.sku,
        title: variant.title,
        url: variantUrl({ brand, handle: product.handle, flavor, size, weightValue, weightUnit }),
        size,
        flavor,
        productForm: option("Product Form"),
        packType: fields(variant.metafields).get("pack_type") ?? "",
        weightValue,
        weightUnit,
        priceCents: centsFromDecimal(variant.price.amount),
        compareAtPriceCents: variant.compareAtPrice ? centsFromDecimal(variant.compareAtPrice.amount) : null,
        inventory: variant.availableForSale ? Math.max(variant.quantityAvailable ?? UNCOUNTED_STOCK, 0) : 0,
        badgeTags,
      },
    ];
  });
  if (variants.length === 0) return null;
  const variantByImage = new Map(
    variants.flatMap((v, i) => {
      const url = product.variants.nodes[i]?.image?.url;
      return url ? [[url, v.id] as const] : [];
    }),
  );
  const images: ImageRow[] = product.images.nodes.map((image, position) => ({
    productId: product.id,
    position,
    url: image.url,
    alt: image.altText ?? product.title,
    width: image.width ?? 0,
    height: image.height ?? 0,
    variantId: variantByImage.get(image.url) ?? null,
  }));
  const row: ProductRow = {
    id: product.id,
    handle: product.handle,
    title: product.title,
    description: product.description,
    brand,
    productType: product.productType,
    species: meta.get("species") ?? "",
    lifestage: meta.get("lifestage") ?? "",
    breedSize: meta.get("breed_size") ?? null,
    foodForm: meta.get("food_form") ?? "",
    subBrand: meta.get("sub_brand") ?? null,
    healthConditions: listOf(meta.get("health_conditions")).join(","),
    autoshipEligible: plansOf(product).length > 0,
    // A product without the metafield is sold to consumers only.
    soldOnDtc: soldOn.length === 0 || soldOn.includes("DTC"),
    soldOnHpsf: soldOn.includes("HPSF"),
    minPriceCents: Math.min(...variants.map((v) => v.priceCents)),
    featuredRank: meta.has("featured_rank") ? integerOr(meta.get("featured_rank"), 0) : null,
    ratingCount: integerOr(meta.get("rating_count"), 0),
    ratingSum: integerOr(meta.get("rating_sum"), 0),
    synthetic: false,
    publishedAt: product.publishedAt,
    updatedAt: product.updatedAt,
    nutrition: meta.get("nutrition") ?? null,
  };
  return toProduct(row, variants, images);
}

/** Every selling plan once, in the order products name them. */
function sellingPlansOf(products: readonly ShopifyProduct[]): SellingPlanSummary[] {
  const plans = new Map<string, SellingPlanSummary>();
  for (const product of products)
    for (const plan of plansOf(product)) if (!plans.has(plan.id)) plans.set(plan.id, plan);
  return [...plans.values()].sort((a, b) => a.frequencyDays - b.frequencyDays);
}

/** Seconds a shopper is asked to wait when the catalogue cannot be read at all. */
const RETRY_AFTER_SECONDS = 30;

/**
 * The 503 answer, with Retry-After, when Shopify cannot be reached for what a page needs: a
 * catalogue that has never been read (Shopify down since the start), or a customer's account.
 */
export function commerceUnavailableAnswer(
  message = "The shop cannot reach its catalogue just now. Please try again shortly.",
): Response {
  const body = { error: { code: "COMMERCE_UNAVAILABLE", message } };
  return new Response(JSON.stringify(body), {
    status: 503,
    headers: { "Content-Type": "application/json; charset=utf-8", "Retry-After": String(RETRY_AFTER_SECONDS) },
  });
}

export interface ShopifyCatalogue {
  /** The snapshot: loaded on first use, then served while a refresh runs in the background. */
  snapshot(): Promise<CatalogueSnapshot>;
  /** Reads the named products again and rebuilds once (products/update or products/delete webhooks). */
  productsChanged(changes: readonly { productId: string; deleted: boolean }[]): Promise<void>;
  /** Resolves once no read is running (tests; a shutdown). */
  settled(): Promise<void>;
  /** Bumped at each change of this process's snapshot (a freshness source: the page cache's key follows it). */
  version(): number;
}

export function createShopifyCatalogue(
  client: StorefrontClient,
  options: { now?: () => number; refreshMs?: number } = {},
): ShopifyCatalogue {
  const now = options.now ?? Date.now;
  const refreshMs = options.refreshMs ?? REFRESH_MS;
  let raw = new Map<string, ShopifyProduct>();
  let current: CatalogueSnapshot | null = null;
  // When the last read started: a read runs at most every refreshMs, failed or not.
  let readAt = 0;
  let loading: Promise<CatalogueSnapshot> | null = null;
  let version = 0;

  const build = () => {
    const products = [...raw.values()];
    current = assemble(
      products.flatMap((p) => catalogueProductOf(p) ?? []),
      sellingPlansOf(products),
      ++version,
    );
    return current;
  };

  async function loadAll(): Promise<CatalogueSnapshot> {
    const next = new Map<string, ShopifyProduct>();
    let after: string | null = null;
    do {
      const page: {
        products: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: ShopifyProduct[] };
      } = await client.request(CATALOGUE_PAGE, { first: PAGE_MAX, after });
      for (const product of page.products.nodes) next.set(product.id, product);
      after = page.products.pageInfo.hasNextPage ? page.products.pageInfo.endCursor : null;
    } while (after);
    raw = next;
    return build();
  }

  const reload = () => {
    if (!loading) readAt = now();
    loading ??= loadAll().finally(() => {
      loading = null;
    });
    return loading;
  };

  return {
    async snapshot() {
      if (!current) {
        // Never read: nothing to serve from. The 503 answer, thrown as loaders throw responses,
        // renders the error page (or the API's JSON) with Retry-After, never a 500.
        return reload().catch((error: unknown) => {
          logger().error({ err: error }, "Shopify catalogue could not be read");
          throw commerceUnavailableAnswer();
        });
      }
      if (now() - readAt >= refreshMs && !loading) {
        // Stale while revalidating: this answer uses the snapshot held; a failed read keeps it.
        reload().catch((error: unknown) =>
          logger().warn({ err: error }, "Shopify catalogue refresh failed; serving the last snapshot"),
        );
      }
      return current;
    },

    version: () => version,

    async settled() {
      await loading?.catch(() => undefined);
    },

    async productsChanged(changes) {
      if (!current || changes.length === 0) return; // read whole on first use
      for (const { productId, deleted } of changes) {
        const answer = deleted
          ? { product: null }
          : await client.request<{ product: ShopifyProduct | null }>(CATALOGUE_PRODUCT_BY_ID, { id: productId });
        // Gone, or unpublished from the storefront's channel: no longer sold.
        if (answer.product) raw.set(productId, answer.product);
        else raw.delete(productId);
      }
      build();
    },
  };
}
