import { FILTER_GROUPS, filterGroupByField } from "./filter-groups";
import { weightUnitFacet, type WeightUnit } from "./weight";

export interface FacetSource {
  species: string;
  brand: string;
  lifestage: string;
  breedSize: string | null;
  foodForm: string;
  subBrand: string | null;
  /** Comma-separated health_conditions slugs. */
  healthConditions: string;
  variants: ReadonlyArray<{ flavor: string; packType: string; weightUnit: string }>;
}

export interface Facet {
  group: string;
  value: string;
}

const SUB_BRAND_FIELD: Record<string, string> = {
  "science-diet": "sub_brand_science_diet",
  "prescription-diet": "sub_brand_prescription_diet",
};

const flavorOptions = filterGroupByField("flavor")?.options ?? [];

/**
 * Flavor option slugs a variant's Flavor value names ("Chicken & Barley" →
 * chicken). Matching by containment mirrors the spec's slug rule for flavors.
 */
export function flavorSlugs(flavor: string): string[] {
  const text = flavor.toLowerCase();
  return flavorOptions
    .filter((option) => {
      const word = option.slug === "original-flavor" ? "original" : option.label.toLowerCase();
      return text.includes(word);
    })
    .map((option) => option.slug);
}

/**
 * The facet rows a product is filtered and counted by, one per (group, option).
 * Only values that are options of catalogue spec section 3 are kept.
 */
export function productFacets(product: FacetSource): Facet[] {
  const facets = new Map<string, Facet>();
  const add = (group: string, value: string | null | undefined) => {
    if (!value) return;
    const known = filterGroupByField(group)?.options.some((o) => o.slug === value);
    if (known) facets.set(`${group}\u0000${value}`, { group, value });
  };
  add("species", product.species);
  add("brand", product.brand);
  add("lifestage", product.lifestage);
  add("breed_size", product.breedSize);
  add("food_form", product.foodForm);
  const subBrandField = SUB_BRAND_FIELD[product.brand];
  if (subBrandField) add(subBrandField, product.subBrand);
  for (const condition of product.healthConditions.split(",")) add("health_conditions", condition.trim());
  for (const variant of product.variants) {
    for (const slug of flavorSlugs(variant.flavor)) add("flavor", slug);
    add("pack_type", variant.packType);
    add("weight_unit", weightUnitFacet(variant.weightUnit as WeightUnit));
  }
  const order = new Map(FILTER_GROUPS.map((g, i) => [g.field, i]));
  return [...facets.values()].sort(
    (a, b) => (order.get(a.group) ?? 0) - (order.get(b.group) ?? 0) || a.value.localeCompare(b.value),
  );
}
