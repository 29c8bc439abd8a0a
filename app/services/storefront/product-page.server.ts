// Loads a product page: the product, the variant the URL asks for, option
// pickers, breadcrumbs and (deferred) related products.
import { optionLabel } from "~/models/filter-groups";
import type { Crumb } from "~/models/navigation";
import { variantPath, type ProductDetail, type ProductVariantDetail } from "~/models/product";
import type { SiteId } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";
import { pickVariant } from "~/models/variant-picking";
import { commerce } from "~/services/commerce/index.server";
import { getGlobals } from "~/services/content/index.server";

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

/** Server-built breadcrumbs: Home > All Products > species > food form (staff: Catalog > …). */
export function productCrumbs(site: SiteId, product: ProductDetail): Crumb[] {
  const species = optionLabel("species", product.species);
  const category = {
    label: optionLabel("food_form", product.foodForm),
    to: `/products/${product.species}/${product.foodForm}`,
  };
  const head: Crumb[] =
    sitePolicy(site).breadcrumbTrail === "catalog"
      ? [{ label: "Catalog", to: "/products" }]
      : [
          { label: "Home", to: "/" },
          { label: "All Products", to: "/products" },
        ];
  return [...head, { label: species, to: `/products/${product.species}` }, category, { label: product.title }];
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
  const [globals, sellingPlans] = await Promise.all([getGlobals(input.site), commerce.getSellingPlans()]);
  return {
    site: input.site,
    product,
    variant,
    options: productOptions(product.variants, variant),
    crumbs: productCrumbs(input.site, product),
    canonicalPath: variantPath(variant),
    sellingPlans,
    freeShippingMinimumCents: globals.freeShippingMinimumCents,
  };
}
