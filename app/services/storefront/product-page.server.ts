// Loads a product page: the product, the variant the URL asks for, option
// pickers, breadcrumbs and (deferred) related products.
import { productCrumbs } from "~/models/breadcrumbs";
import { offerTerms } from "~/models/offer-shipping";
import { variantPath, type ProductVariantDetail } from "~/models/product";
import type { SiteId } from "~/models/site";
import { autoshipOffer } from "~/models/pricing";
import { unitPriceLabel } from "~/models/unit-price";
import { pickVariant } from "~/models/variant-picking";
import { commerce } from "~/services/commerce/index.server";
import { getGlobals } from "~/services/content/index.server";
import { merchantTerms } from "./merchant.server";

/** How many related products the carousel shows. */
export const RELATED_LIMIT = 12;

export interface OptionValue {
  value: string;
  /** Product page path of the best variant with this value. */
  path: string;
  selected: boolean;
  available: boolean;
}

export interface ProductOption {
  name: "Size" | "Flavor" | "Product Form";
  values: OptionValue[];
}

const OPTION_FIELDS = [
  ["Size", "size"],
  ["Flavor", "flavor"],
  ["Product Form", "productForm"],
] as const;

/**
 * Option pickers as links (docs/decisions.md "Catalogue"): for each value, the variant that keeps the
 * other selected options where possible, preferring one in stock.
 */
export function productOptions(variants: ProductVariantDetail[], selected: ProductVariantDetail): ProductOption[] {
  return OPTION_FIELDS.flatMap(([name, field]) => {
    const values = [...new Set(variants.map((v) => v[field]))];
    if (values.length < 2) return [];
    return [
      {
        name,
        values: values.map((value) => {
          const withValue = variants.filter((v) => v[field] === value);
          const keepsOthers = (v: ProductVariantDetail) =>
            OPTION_FIELDS.filter(([, f]) => f !== field).reduce((n, [, f]) => n + (v[f] === selected[f] ? 1 : 0), 0);
          const best = [...withValue].sort(
            (a, b) => keepsOthers(b) - keepsOthers(a) || Number(b.inventory > 0) - Number(a.inventory > 0),
          )[0];
          return {
            value,
            path: variantPath(best),
            selected: selected[field] === value,
            available: withValue.some((v) => v.inventory > 0),
          };
        }),
      },
    ];
  });
}

/**
 * The canonical page of the variant a product URL picks (catalogue spec section 2: the
 * `sku` query value, the flavor and size segments, else the first in-stock variant); null
 * when this site sells no product with the handle.
 */
export async function canonicalProductPath(input: {
  site: SiteId;
  handle: string;
  flavor?: string;
  size?: string;
  sku?: string | null;
}): Promise<string | null> {
  const product = await commerce.getProduct(input.site, input.handle);
  const variant = product && pickVariant(product.variants, input);
  return variant ? variantPath(variant) : null;
}

/** Loads a product page; null when the product is not sold on this site. */
export async function loadProductPage(input: {
  site: SiteId;
  handle: string;
  brand?: string;
  flavor?: string;
  size?: string;
  sku?: string | null;
}) {
  const product = await commerce.getProduct(input.site, input.handle);
  if (!product || (input.brand && input.brand !== product.brand)) return null;
  const variant = pickVariant(product.variants, { sku: input.sku, flavor: input.flavor, size: input.size });
  if (!variant) return null;
  const [globals, sellingPlans, merchant] = await Promise.all([
    getGlobals(input.site),
    commerce.getSellingPlans(),
    merchantTerms(input.site),
  ]);
  return {
    site: input.site,
    product,
    variant,
    options: productOptions(product.variants, variant),
    crumbs: productCrumbs(input.site, product),
    canonicalPath: variantPath(variant),
    sellingPlans,
    freeShippingMinimumCents: globals.freeShippingMinimumCents,
    // Worked out here, so their rules stay out of the page's JavaScript (docs/rules.md "Price per unit",
    // "Autoship price on the product page"); none where the site sends no retail price.
    unitPrice: unitPriceLabel(variant.priceCents, variant.weightValue, variant.weightUnit),
    autoshipOffer:
      product.autoshipEligible && variant.priceCents !== undefined ? autoshipOffer(variant.priceCents) : null,
    // The offer's terms in the Product JSON-LD, where the site shows a price (docs/rules.md "Search engines").
    merchant:
      variant.priceCents === undefined
        ? null
        : offerTerms(merchant, { priceCents: variant.priceCents, productType: product.productType }),
  };
}
