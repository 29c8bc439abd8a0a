import { filterGroupByField, optionLabel, type Species } from "./filter-groups";
import type { FacetSelection } from "./listing";
import type { SiteId } from "./site";

/** Groups a category segment may name, in the order they are tried. */
const CATEGORY_FIELDS = ["food_form", "lifestage", "brand"];
const DETAIL_FIELDS = [
  "lifestage",
  "food_form",
  "breed_size",
  "health_conditions",
  "sub_brand_science_diet",
  "sub_brand_prescription_diet",
  "flavor",
];

export interface CategoryPath {
  species: Species;
  /** Facets fixed by the path. */
  fixed: FacetSelection;
  /** Crumbs below the species, e.g. [{ label: "Dry Food", path: "/products/dog/dry" }]. */
  crumbs: { label: string; path: string }[];
  /** Heading, e.g. "Dry Dog Food". */
  title: string;
}

function findOption(fields: string[], slug: string, site: SiteId, species: Species, exclude: string[]) {
  for (const field of fields) {
    if (exclude.includes(field)) continue;
    const group = filterGroupByField(field);
    const option = group?.options.find((o) => o.slug === slug && o.sites.includes(site) && o.species.includes(species));
    if (group && option && group.sites.includes(site)) return { field, option };
  }
  return null;
}

/**
 * Reads /products/{species}/{category?}/{detail?} (shop-core spec section 2).
 * Category is a food form, life stage or brand; detail any further option.
 * Null when a segment names nothing this site shows (a 404).
 */
export function parseCategoryPath(segments: readonly string[], site: SiteId): CategoryPath | null {
  const [speciesSlug, categorySlug, detailSlug] = segments.map((s) => s.toLowerCase());
  if ((speciesSlug !== "dog" && speciesSlug !== "cat") || segments.length > 3) return null;
  const species: Species = speciesSlug;
  const fixed: FacetSelection = { species: [species] };
  const crumbs: CategoryPath["crumbs"] = [];
  const labels: string[] = [];
  let path = `/products/${species}`;
  for (const [slug, fields] of [
    [categorySlug, CATEGORY_FIELDS],
    [detailSlug, DETAIL_FIELDS],
  ] as const) {
    if (slug === undefined) break;
    const found = findOption([...fields], slug, site, species, Object.keys(fixed));
    if (!found) return null;
    fixed[found.field] = [found.option.slug];
    path += `/${found.option.slug}`;
    crumbs.push({ label: found.option.label, path });
    labels.push(found.option.label);
  }
  const noun = fixed.food_form?.[0] === "treats" ? "Treats" : "Food";
  const form = fixed.food_form ? labels.find((l) => l.endsWith("Food") || l === "Treats") : undefined;
  const rest = labels.filter((l) => l !== form);
  const formWord = form && form !== "Treats" ? `${form.replace(/ Food$/, "")} ` : "";
  const title =
    `${rest.length ? `${rest.join(" ")} ` : ""}${formWord}${optionLabel("species", species)} ${noun}`.replace(
      /\b(\w+) \1\b/g,
      "$1",
    );
  return { species, fixed, crumbs, title };
}

/** A listing page of a species or of one category of it, as the sitemaps link it. */
export interface CategoryListing {
  species: Species;
  /** The category's facet, none for the species page itself. */
  facet: { field: string; slug: string } | null;
  path: string;
  /** The listing's heading, e.g. "Dry Dog Food". */
  title: string;
}

/**
 * Every species page and every one-segment category page a site serves
 * (/products/{species}/{category}: food form, life stage or brand), in filter
 * order; treats only where the site sells them (catalogue spec section 3).
 */
export function categoryListings(site: SiteId): CategoryListing[] {
  return (["dog", "cat"] as const).flatMap((species) => {
    const speciesPage = parseCategoryPath([species], site);
    if (!speciesPage) return [];
    const categories = CATEGORY_FIELDS.flatMap((field) =>
      (filterGroupByField(field)?.options ?? []).flatMap((option) => {
        const parsed = parseCategoryPath([species, option.slug], site);
        // A slug several groups share names the first group's option; list it once, there.
        if (!parsed || parsed.fixed[field]?.[0] !== option.slug) return [];
        return [{ species, facet: { field, slug: option.slug }, path: parsed.crumbs[0].path, title: parsed.title }];
      }),
    );
    return [{ species, facet: null, path: `/products/${species}`, title: speciesPage.title }, ...categories];
  });
}
