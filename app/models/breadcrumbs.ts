// Breadcrumbs of listings and product pages, and what the browser remembers
// between pages to build them (shop-core spec section 2 "Breadcrumbs";
// docs/rules.md "Breadcrumbs").
import { optionLabel } from "./filter-groups";
import type { Crumb } from "./navigation";
import { PAGE_TYPES, type PageType } from "./page-type";
import type { SiteId } from "./site";
import { sitePolicy } from "./site-policy";

/** A category page remembered for product breadcrumbs: its label and URL, and the species it belongs to. */
export interface RememberedCategory {
  species: string;
  label: string;
  path: string;
}

/**
 * What the browser keeps between pages (session storage): the previous and current page
 * type, the category of the last category page, the last listing's filters, the last
 * search query, and whether the navigation under way came from a breadcrumb click.
 */
export interface CrumbMemory {
  previousPage: PageType | null;
  currentPage: PageType | null;
  category: RememberedCategory | null;
  filters: Crumb[];
  query: string | null;
  crumbClicked: boolean;
}

export const EMPTY_CRUMB_MEMORY: CrumbMemory = {
  previousPage: null,
  currentPage: null,
  category: null,
  filters: [],
  query: null,
  crumbClicked: false,
};

/**
 * What a listing page records when it is shown. A field left out leaves the memory as it
 * is: only a category page records a category (null for a species page, which has none),
 * only the search page a query.
 */
export interface ListingMemory {
  category?: RememberedCategory | null;
  filters: Crumb[];
  query?: string;
}

/** A string of at most `max` characters, else undefined. */
const text = (value: unknown, max: number): string | undefined =>
  typeof value === "string" && value.length <= max ? value : undefined;

const pageTypeOrNull = (value: unknown): PageType | null | undefined =>
  value === null ? null : PAGE_TYPES.find((type) => type === value);

/** A stored crumb, or undefined when malformed: a label, and a link only when it is a string. */
function storedCrumb(value: unknown): Crumb | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { label, to } = value as Record<string, unknown>;
  const shownLabel = text(label, 200);
  if (shownLabel === undefined) return undefined;
  if (to === undefined) return { label: shownLabel };
  const link = text(to, 2000);
  return link === undefined ? undefined : { label: shownLabel, to: link };
}

function storedCategory(value: unknown): RememberedCategory | null | undefined {
  if (value === null) return null;
  if (typeof value !== "object") return undefined;
  const fields = value as Record<string, unknown>;
  const species = text(fields.species, 20);
  const label = text(fields.label, 200);
  const path = text(fields.path, 2000);
  return species === undefined || label === undefined || path === undefined ? undefined : { species, label, path };
}

/**
 * The memory as stored, checked field by field (only the known fields are kept), or null
 * when anything is malformed. Written without a schema library so that pages load none
 * for it (docs/rules.md "Client JavaScript budget").
 */
function storedCrumbMemory(value: unknown): CrumbMemory | null {
  if (typeof value !== "object" || value === null) return null;
  const fields = value as Record<string, unknown>;
  const previousPage = pageTypeOrNull(fields.previousPage);
  const currentPage = pageTypeOrNull(fields.currentPage);
  const category = storedCategory(fields.category);
  const query = fields.query === null ? null : text(fields.query, 200);
  if (previousPage === undefined || currentPage === undefined || category === undefined || query === undefined) {
    return null;
  }
  if (typeof fields.crumbClicked !== "boolean") return null;
  if (!Array.isArray(fields.filters) || fields.filters.length > 50) return null;
  const filters = fields.filters.map(storedCrumb);
  if (filters.some((crumb) => crumb === undefined)) return null;
  return { previousPage, currentPage, category, filters: filters as Crumb[], query, crumbClicked: fields.crumbClicked };
}

/** The memory from what storage held: anything missing or malformed reads as empty. */
export function readCrumbMemory(stored: string | null): CrumbMemory {
  if (!stored) return EMPTY_CRUMB_MEMORY;
  try {
    return storedCrumbMemory(JSON.parse(stored)) ?? EMPTY_CRUMB_MEMORY;
  } catch {
    return EMPTY_CRUMB_MEMORY;
  }
}

/**
 * The spec's two transitions that clear the stored category, filters, query and click
 * flag: product detail to product list without a breadcrumb click, and category list to
 * product list or back.
 */
export function clearsCrumbMemory(from: PageType | null, to: PageType, crumbClicked: boolean): boolean {
  if (from === "product detail" && to === "product list") return !crumbClicked;
  return (from === "category list" && to === "product list") || (from === "product list" && to === "category list");
}

/**
 * The memory after a page is shown: the page types move on, the spec's transitions clear
 * what they clear, then a listing records its own category, filters and query. The click
 * flag speaks for one navigation only, so every visit resets it.
 */
export function recordPageVisit(memory: CrumbMemory, page: PageType, listing: ListingMemory | null): CrumbMemory {
  const cleared = clearsCrumbMemory(memory.currentPage, page, memory.crumbClicked);
  const kept = cleared ? { ...memory, category: null, filters: [], query: null } : memory;
  return {
    previousPage: memory.currentPage,
    currentPage: page,
    category: listing?.category === undefined ? kept.category : listing.category,
    filters: listing ? listing.filters : kept.filters,
    query: listing?.query === undefined ? kept.query : listing.query,
    crumbClicked: false,
  };
}

/** The memory once a breadcrumb is clicked: the next page knows it came from one. */
export function markCrumbClick(memory: CrumbMemory): CrumbMemory {
  return { ...memory, crumbClicked: true };
}

/** A listing as its breadcrumbs see it. */
export interface ListingTrailInput {
  species?: string;
  /** The category path's crumbs below the species; absent on /products and /search. */
  categoryCrumbs?: readonly { label: string; path: string }[];
  /** Labels of the active filter chips. */
  chips: readonly string[];
  /** The search term, on the search page. */
  search?: string;
}

const filterCrumbs = (listing: ListingTrailInput): Crumb[] => [
  ...(listing.categoryCrumbs ?? []).map((c) => ({ label: c.label, to: c.path })),
  ...listing.chips.map((label) => ({ label })),
];

const shopperHead = (species?: string): Crumb[] => [
  { label: "Home", to: "/" },
  { label: "All Products", to: "/products" },
  ...(species ? [{ label: optionLabel("species", species), to: `/products/${species}` }] : []),
];

/**
 * A listing's breadcrumbs: Home, All Products, the species and the category path (and the
 * search) for home customers; "Catalog" plus the category path and the active filters on
 * the staff-feeding site.
 */
export function listingCrumbs(site: SiteId, listing: ListingTrailInput): Crumb[] {
  if (sitePolicy(site).breadcrumbTrail === "catalog")
    return [{ label: "Catalog", to: "/products" }, ...filterCrumbs(listing)];
  return [
    ...shopperHead(listing.species),
    ...(listing.categoryCrumbs ?? []).map((c) => ({ label: c.label, to: c.path })),
    ...(listing.search !== undefined ? [{ label: `Search: ${listing.search || "all products"}` }] : []),
  ];
}

/**
 * What a listing records for later product breadcrumbs: a category page its deepest
 * category crumb (none on a species page, whose only crumb is the species itself), every
 * listing its filters, the search page its query.
 */
export function listingMemory(listing: ListingTrailInput): ListingMemory {
  const deepest = listing.categoryCrumbs?.at(-1);
  return {
    ...(listing.categoryCrumbs && listing.species
      ? { category: deepest ? { species: listing.species, label: deepest.label, path: deepest.path } : null }
      : {}),
    filters: filterCrumbs(listing),
    ...(listing.search !== undefined ? { query: listing.search } : {}),
  };
}

/** The pet-age words of a life stage: "Adult Dog" → "Adult", "Puppy" → "Puppy". */
export function petAgeLabel(lifestage: string): string {
  return optionLabel("lifestage", lifestage).replace(/ (Dog|Cat)$/, "");
}

/** What product breadcrumbs need of a product. */
export interface CrumbProduct {
  title: string;
  species: string;
  brand: string;
  lifestage: string;
  foodForm: string;
}

/** How many crumbs open a product trail before its category part: "Catalog", or Home, All Products and the species. */
const headLength = (site: SiteId): number => (sitePolicy(site).breadcrumbTrail === "catalog" ? 1 : 3);

/**
 * A product page's breadcrumbs as built from the product alone (what the server renders).
 * Home customers: Home, All Products, the species, crumbs built from the brand, the pet
 * age and the food form, then the product. Staff-feeding: "Catalog", the species and food
 * form, then the product.
 */
function builtProductCrumbs(site: SiteId, product: CrumbProduct): Crumb[] {
  const { species } = product;
  const current: Crumb = { label: product.title };
  const foodForm = {
    label: optionLabel("food_form", product.foodForm),
    to: `/products/${species}/${product.foodForm}`,
  };
  if (sitePolicy(site).breadcrumbTrail === "catalog") {
    const speciesCrumb = { label: optionLabel("species", species), to: `/products/${species}` };
    return [{ label: "Catalog", to: "/products" }, speciesCrumb, foodForm, current];
  }
  return [
    ...shopperHead(species),
    { label: optionLabel("brand", product.brand), to: `/products/${species}/${product.brand}` },
    ...(product.lifestage
      ? [{ label: petAgeLabel(product.lifestage), to: `/products/${species}/${product.lifestage}` }]
      : []),
    foodForm,
    current,
  ];
}

/**
 * A product page's breadcrumbs with what the browser remembers, from the trail built from
 * the product (so the browser needs no label table, docs/rules.md "Client JavaScript
 * budget"). Home customers: the category remembered from the last category page of that
 * species replaces the built category crumbs. Staff-feeding: the stored filters replace
 * the species and food form.
 */
export function rememberedProductCrumbs(
  site: SiteId,
  species: string,
  built: readonly Crumb[],
  memory: CrumbMemory | null,
): Crumb[] {
  const head = built.slice(0, headLength(site));
  const current = built.slice(-1);
  if (sitePolicy(site).breadcrumbTrail === "catalog") {
    return memory?.filters.length ? [...head, ...memory.filters, ...current] : [...built];
  }
  const remembered = memory?.category?.species === species ? memory.category : null;
  return remembered ? [...head, { label: remembered.label, to: remembered.path }, ...current] : [...built];
}

/**
 * A product page's breadcrumbs. Home customers: Home, All Products, the species, then the
 * category remembered from the last category page of that species, otherwise crumbs
 * built from the brand, the pet age and the food form; then the product. Staff-feeding:
 * "Catalog" plus the stored filters; with none stored (or no memory, as on the server)
 * the species and food form.
 */
export function productCrumbs(site: SiteId, product: CrumbProduct, memory: CrumbMemory | null = null): Crumb[] {
  return rememberedProductCrumbs(site, product.species, builtProductCrumbs(site, product), memory);
}
