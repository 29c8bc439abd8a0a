import { BRAND_LABELS } from "./brands";
import { SITE_IDS, type SiteId } from "./site";
import { sitePolicy, type SitePolicy } from "./site-policy";

import { SPECIES, type Species } from "./species";

export { SPECIES, type Species };

/** A filter matches a facet value, or a numeric range of a field (catalogue spec section 3). */
export type FilterDefinition =
  { type: "value"; field: string; value: string } | { type: "range"; field: string; min: number; max: number };

export interface FilterOption {
  label: string;
  slug: string;
  sites: readonly SiteId[];
  species: readonly Species[];
  filter: FilterDefinition;
}

export interface FilterGroup {
  /** Facet field the options filter on (also ProductFacet.group). */
  field: string;
  label: string;
  /** Query-parameter name. */
  slug: string;
  navigationLabel?: string;
  sites: readonly SiteId[];
  species: readonly Species[];
  isNavigation: boolean;
  sortOrder: Record<SiteId, number>;
  options: readonly FilterOption[];
}

const BOTH_SITES: readonly SiteId[] = SITE_IDS;
/** The sites whose policy answers yes: an option shows where the products that carry it are sold. */
const sitesWhere = (answer: (policy: SitePolicy) => boolean): readonly SiteId[] =>
  SITE_IDS.filter((site) => answer(sitePolicy(site)));
/** Options only Prescription Diet products carry. */
const PD = sitesWhere((policy) => policy.sellsPrescriptionDiet);
/** Options only treats carry. */
const TREATS = sitesWhere((policy) => policy.sellsTreats);
const DOG: readonly Species[] = ["dog"];
const CAT: readonly Species[] = ["cat"];

type OptionSpec = [label: string, slug: string, sites?: readonly SiteId[], species?: readonly Species[]];

function group(
  spec: Omit<FilterGroup, "options" | "sites" | "species" | "sortOrder"> & {
    sites?: readonly SiteId[];
    species?: readonly Species[];
    order: number;
    options: readonly OptionSpec[];
  },
): FilterGroup {
  const { order, options, ...rest } = spec;
  return {
    ...rest,
    sites: spec.sites ?? BOTH_SITES,
    species: spec.species ?? SPECIES,
    sortOrder: { DTC: order, HPSF: order },
    options: options.map(([label, slug, sites = spec.sites ?? BOTH_SITES, species = spec.species ?? SPECIES]) => ({
      label,
      slug,
      sites,
      species,
      filter: { type: "value", field: spec.field, value: slug },
    })),
  };
}

/**
 * The eleven filter groups of catalogue spec section 3, in spec order. Where the
 * spec leaves a site or species restriction "not shown", docs/decisions.md says
 * what we chose.
 */
export const FILTER_GROUPS: readonly FilterGroup[] = [
  group({
    field: "species",
    label: "Pet Type",
    slug: "species",
    isNavigation: true,
    order: 1,
    options: [
      ["Dog", "dog", BOTH_SITES, DOG],
      ["Cat", "cat", BOTH_SITES, CAT],
    ],
  }),
  group({
    field: "brand",
    label: "Brand",
    slug: "brand",
    isNavigation: false,
    order: 2,
    options: [
      [BRAND_LABELS["science-diet"], "science-diet"],
      [BRAND_LABELS["prescription-diet"], "prescription-diet", PD],
      [BRAND_LABELS["hills-treats"], "hills-treats", TREATS, DOG],
    ],
  }),
  group({
    field: "lifestage",
    label: "Pet Age",
    slug: "pet-age",
    navigationLabel: "Shop by Age",
    isNavigation: true,
    order: 3,
    options: [
      ["Puppy", "puppy", BOTH_SITES, DOG],
      ["Adult Dog", "adult-dog", BOTH_SITES, DOG],
      ["Senior Dog", "senior-dog", BOTH_SITES, DOG],
      ["Kitten", "kitten", BOTH_SITES, CAT],
      ["Adult Cat", "adult-cat", BOTH_SITES, CAT],
      ["Senior Cat", "senior-cat", BOTH_SITES, CAT],
    ],
  }),
  group({
    field: "breed_size",
    label: "Breed Size",
    slug: "breed-size",
    species: DOG,
    isNavigation: false,
    order: 4,
    options: [
      ["Small Breed", "small"],
      ["Medium Breed", "medium"],
      ["Large Breed", "large"],
    ],
  }),
  group({
    field: "food_form",
    label: "Food Type",
    slug: "food-form",
    navigationLabel: "Shop by Food Type",
    isNavigation: true,
    order: 5,
    options: [
      ["Dry Food", "dry"],
      ["Wet Food", "wet"],
      ["Treats", "treats", TREATS, DOG],
    ],
  }),
  group({
    field: "flavor",
    label: "Flavor",
    slug: "flavor",
    isNavigation: false,
    order: 6,
    options: [
      ["Beef", "beef"],
      ["Chicken", "chicken"],
      ["Duck", "duck", PD],
      ["Egg", "egg", PD, DOG],
      ["Lamb", "lamb", BOTH_SITES, DOG],
      ["Liver", "liver", PD, CAT],
      ["Ocean Fish", "ocean-fish", BOTH_SITES, CAT],
      ["Original Flavor", "original-flavor", PD],
      ["Pollock", "pollock", BOTH_SITES, CAT],
      ["Salmon", "salmon"],
      ["Tuna", "tuna", BOTH_SITES, CAT],
      ["Turkey", "turkey"],
      ["Vegetable", "vegetable"],
      ["Venison", "venison", PD, DOG],
    ],
  }),
  group({
    field: "health_conditions",
    label: "Health Condition",
    slug: "health-conditions",
    isNavigation: false,
    order: 7,
    options: [
      ["Aging", "aging"],
      ["Dental", "dental"],
      ["Digestive", "digestive"],
      ["Endocrine System", "endocrine-system", PD],
      ["Food Sensitivities", "food-sensitivities"],
      ["Glucose Management", "glucose-management", PD],
      ["Growth", "growth"],
      ["Heart", "heart", PD, DOG],
      ["Joint", "joint"],
      ["Kidney", "kidney", PD],
      ["Liver", "liver", PD, DOG],
      ["Thyroid", "thyroid", PD, CAT],
      ["Restorative", "restorative", PD],
      ["Skin", "skin"],
      ["Urgent", "urgent", PD],
      ["Urinary", "urinary"],
      ["Weight Management", "weight-management"],
    ],
  }),
  group({
    field: "weight_unit",
    label: "Weight Unit",
    slug: "weight-unit",
    isNavigation: false,
    order: 8,
    options: [
      ["lbs", "lbs"],
      ["oz", "oz"],
    ],
  }),
  group({
    field: "pack_type",
    label: "Package Type",
    slug: "pack-type",
    isNavigation: false,
    order: 9,
    options: [
      ["Bag", "bag"],
      ["Can", "can"],
      ["Tray", "tray"],
      ["Pouch", "pouch"],
    ],
  }),
  group({
    field: "sub_brand_science_diet",
    label: "Science Diet Line",
    slug: "science-diet-line",
    isNavigation: false,
    order: 10,
    options: [
      ["Puppy", "puppy", BOTH_SITES, DOG],
      ["Kitten", "kitten", BOTH_SITES, CAT],
      ["Adult", "adult"],
      ["Adult Light", "adult-light"],
      ["Senior 7+", "senior-7-plus"],
      ["Senior 11+", "senior-11-plus"],
      ["Perfect Weight", "perfect-weight"],
      ["Sensitive Stomach & Skin", "sensitive-stomach-skin"],
      ["Oral Care", "oral-care"],
      ["Healthy Mobility", "healthy-mobility", BOTH_SITES, DOG],
      ["Perfect Digestion", "perfect-digestion"],
      ["Small Paws", "small-paws", BOTH_SITES, DOG],
      ["Large Breed", "large-breed", BOTH_SITES, DOG],
      ["Hairball Control", "hairball-control", BOTH_SITES, CAT],
      ["Indoor", "indoor", BOTH_SITES, CAT],
      ["Urinary Hairball Control", "urinary-hairball-control", BOTH_SITES, CAT],
      ["No Corn, Wheat or Soy", "no-corn-wheat-soy"],
      ["Grain Free", "grain-free"],
    ],
  }),
  group({
    field: "sub_brand_prescription_diet",
    label: "Prescription Diet Line",
    slug: "prescription-diet-line",
    sites: PD,
    isNavigation: false,
    order: 11,
    options: [
      ["k/d Kidney Care", "kidney-care-kd"],
      ["c/d Multicare Urinary Care", "urinary-care-cd"],
      ["j/d Joint Care", "joint-care-jd"],
      ["r/d Weight Reduction", "weight-reduction-rd", PD, DOG],
      ["y/d Thyroid Care", "thyroid-care-yd", PD, CAT],
      ["i/d Digestive Care", "digestive-care-id"],
      ["i/d Low Fat Digestive Care", "digestive-care-low-fat-id", PD, DOG],
      ["z/d Food Sensitivities", "food-sensitivities-zd"],
      ["d/d Skin/Food Sensitivities", "skin-food-sensitivities-dd"],
      ["w/d Multi-Benefit", "multi-benefit-wd"],
      ["m/d GlucoSupport", "glucose-support-md", PD, CAT],
      ["l/d Liver Care", "liver-care-ld", PD, DOG],
      ["h/d Heart Care", "heart-care-hd", PD, DOG],
      ["a/d Urgent Care", "urgent-care-ad"],
      ["t/d Dental Care", "dental-care-td", PD, DOG],
      ["Metabolic Weight Management", "metabolic"],
      ["Gastrointestinal Biome", "gastrointestinal-biome"],
    ],
  }),
];

/** What a filter panel needs of a group: labels and slugs, no visibility rules. */
export interface FilterGroupView {
  field: string;
  label: string;
  slug: string;
  options: readonly { label: string; slug: string }[];
}

/** A group trimmed for the browser. */
export function filterGroupView(group: FilterGroup): FilterGroupView {
  return {
    field: group.field,
    label: group.label,
    slug: group.slug,
    options: group.options.map(({ label, slug }) => ({ label, slug })),
  };
}

/** The group for a facet field, e.g. "flavor". */
export function filterGroupByField(field: string): FilterGroup | undefined {
  return FILTER_GROUPS.find((g) => g.field === field);
}

/** The label of an option ("dog" in species → "Dog"), or the slug itself when unknown. */
export function optionLabel(field: string, slug: string): string {
  return filterGroupByField(field)?.options.find((o) => o.slug === slug)?.label ?? slug;
}

/**
 * Groups and options a shopper may see on a site, optionally for one species,
 * ordered by the site's sort order (catalogue spec section 3: a Prescription Diet
 * filter never shows on DTC, treats never on HPSF).
 */
export function visibleFilterGroups(site: SiteId, species?: Species): FilterGroup[] {
  const fits = (item: { sites: readonly SiteId[]; species: readonly Species[] }) =>
    item.sites.includes(site) && (!species || item.species.includes(species));
  return FILTER_GROUPS.filter(fits)
    .map((g) => ({ ...g, options: g.options.filter(fits) }))
    .filter((g) => g.options.length > 0)
    .sort((a, b) => a.sortOrder[site] - b.sortOrder[site]);
}
