// Catalogue reads of every commerce provider. They answer from the in-process
// catalogue snapshot (catalogue-snapshot.server.ts; Shopify's in shopify/catalogue.server.ts): filtering,
// disjunctive facet counts, sorting and paging run on its bitset index, so no
// listing or product page queries the database per product or per request.
import { FILTER_GROUPS } from "~/models/filter-groups";
import { clampPage, pageCount, PAGE_SIZE } from "~/models/listing";
import {
  cardForSite,
  defaultVariant,
  detailForSite,
  variantPath,
  priceForSite,
  imagesForVariant,
  soldOnSite,
  type ProductCardData,
  type ProductDetail,
} from "~/models/product";
import type { SiteId } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";
import type { CatalogueProduct, CatalogueSnapshot } from "./catalogue-snapshot.server";
import type { Carts } from "./cart.server";
import type { CommerceProvider, ListingQuery, ListingResult } from "./types";

// What leaves the catalogue is what the site may show: retail prices are dropped
// where the site hides them (`sitePolicy(site).showsRetailPrices`, applied by `cardForSite` and `detailForSite`). The per-site copies of the
// snapshot's objects are kept beside them, so a listing allocates nothing new.
const siteCards = {
  DTC: new WeakMap<ProductCardData, ProductCardData>(),
  HPSF: new WeakMap<ProductCardData, ProductCardData>(),
};
const siteDetails = {
  DTC: new WeakMap<ProductDetail, ProductDetail>(),
  HPSF: new WeakMap<ProductDetail, ProductDetail>(),
};

function shownCard(site: SiteId, card: ProductCardData): ProductCardData {
  let shown = siteCards[site].get(card);
  if (!shown) siteCards[site].set(card, (shown = cardForSite(site, card)));
  return shown;
}

function shownDetail(site: SiteId, detail: ProductDetail): ProductDetail {
  let shown = siteDetails[site].get(detail);
  if (!shown) siteDetails[site].set(detail, (shown = detailForSite(site, detail)));
  return shown;
}

// The order SQL's ORDER BY gave on SQLite (binary comparison of the text).
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const bySpeciesAndTitle = (
  a: { species: string; title: string; handle: string },
  b: { species: string; title: string; handle: string },
) => compareText(a.species, b.species) || compareText(a.title, b.title) || compareText(a.handle, b.handle);

/** Catalogue reads over a catalogue snapshot: the embedded provider's (our database) or Shopify's (its Storefront API). */
export function createCatalogue(
  snapshot: () => Promise<CatalogueSnapshot>,
): Omit<CommerceProvider, "getCartTotalQuantity" | keyof Carts> {
  const facetCounts = async ({ site, fixed, state, relevance }: ListingQuery) => {
    const { index } = await snapshot();
    return index.facetCounts(site, { ...fixed, ...state.filters }, state.price, relevance, FILTER_GROUPS);
  };

  return {
    async listProducts(query: ListingQuery): Promise<ListingResult> {
      const { site, fixed, state, relevance, pageSize = PAGE_SIZE } = query;
      const { index, byId } = await snapshot();
      // The search's own map, not a copy: the index keeps what it derives from it (docs/rules.md "Listing and facets").
      const matched = index.match(site, { ...fixed, ...state.filters }, state.price, relevance);
      const total = index.count(matched);
      const page = clampPage(state.page, total, pageSize);
      const ids = index.page(matched, state.sort, (page - 1) * pageSize, pageSize, relevance);
      return {
        products: ids.flatMap((id) => {
          const product = byId.get(id);
          return product ? [shownCard(site, product.card)] : [];
        }),
        total,
        page,
        pageCount: pageCount(total, pageSize),
        facetCounts: query.withoutFacets ? {} : await facetCounts(query),
      };
    },

    getFacetCounts: facetCounts,

    async getFeaturedProducts(site, limit) {
      const { index, byId } = await snapshot();
      return index
        .page(index.match(site, {}), "featured", 0, limit)
        .flatMap((id) => byId.get(id) ?? [])
        .filter((p) => p.featuredRank !== null)
        .map((p) => shownCard(site, p.card));
    },

    async getProduct(site, handle) {
      const product = (await snapshot()).byHandle.get(handle);
      return product && soldOnSite(site, product) ? shownDetail(site, product.detail) : null;
    },

    async getProductCardsByHandles(site, handles) {
      const { byHandle } = await snapshot();
      return handles.flatMap((handle) => {
        const product = byHandle.get(handle);
        return product && soldOnSite(site, product) ? [shownCard(site, product.card)] : [];
      });
    },

    async getProductBySku(site, sku) {
      const found = (await snapshot()).bySku.get(sku);
      if (!found || !soldOnSite(site, found.product)) return null;
      const { detail } = found.product;
      const variant = detail.variants.find((v) => v.id === found.variantId);
      if (!variant) return null;
      return priceForSite(site, {
        sku: variant.sku,
        productId: detail.id,
        variantId: variant.id,
        handle: detail.handle,
        title: detail.title,
        variantTitle: variant.title,
        priceCents: variant.priceCents,
        inventory: variant.inventory,
        autoshipEligible: detail.autoshipEligible,
      });
    },

    async getImagesBySku(skus) {
      const { bySku } = await snapshot();
      return Object.fromEntries(
        skus.map((sku) => {
          const found = bySku.get(sku);
          const images = found?.product.detail.images ?? [];
          const [image] = found ? imagesForVariant(images, found.variantId) : [];
          return [sku, image?.url ?? null];
        }),
      );
    },

    async getRelatedProducts(site, product, limit): Promise<ProductCardData[]> {
      const { index, byId } = await snapshot();
      const candidates = index
        .page(index.match(site, { species: [product.species] }), "featured", 0, limit * 4)
        .flatMap((id) => byId.get(id) ?? [])
        .filter((p) => p.detail.id !== product.id && !p.synthetic);
      // Same brand and food form first, then the rest of the species (stable sort keeps featured order).
      const score = (p: CatalogueProduct) =>
        (p.detail.brand === product.brand ? 2 : 0) + (p.detail.foodForm === product.foodForm ? 1 : 0);
      return candidates
        .sort((a, b) => score(b) - score(a))
        .slice(0, limit)
        .map((p) => shownCard(site, p.card));
    },

    async getSellingPlans() {
      return (await snapshot()).sellingPlans;
    },

    // From the catalogue snapshot, which holds every product in memory: no query per
    // product, and none that grows with the catalogue (docs/rules.md "Catalogue at scale").
    async listSitemapProducts(site) {
      const { products } = await snapshot();
      const soldOn = sitePolicy(site).soldOnFlag;
      return products
        .filter((product) => product[soldOn])
        .map(({ detail, updatedAt }) => ({
          handle: detail.handle,
          title: detail.title,
          species: detail.species,
          updatedAt: new Date(updatedAt),
          path: variantPath(defaultVariant(detail.variants) ?? detail.variants[0]),
        }))
        .sort(bySpeciesAndTitle);
    },

    // From the snapshot too, like the sitemap: every variant's price and units are in memory.
    async listFeedProducts(site) {
      const { products } = await snapshot();
      const soldOn = sitePolicy(site).soldOnFlag;
      return products
        .filter((product) => product[soldOn])
        .map(({ detail }) => detailForSite(site, detail))
        .sort(bySpeciesAndTitle);
    },
  };
}
