// Content made into page data: product carousels with their products, the home
// page's sections and the 404 answer (catalogue spec section 2, "404 page").
import { json } from "@remix-run/node";
import type { AssetSizes, ContentData, LoadedCarousel, NotFoundContent } from "~/models/content";
import { listingCard } from "~/models/product";
import type { SiteId } from "~/models/site";
import { commerce } from "~/services/commerce/index.server";
import { content } from "~/services/content/index.server";
import { logger } from "~/services/observability/index.server";

/** The carousels configured for a page, each with the cards of its products that the site sells. */
export async function productCarouselsFor(site: SiteId, page: string): Promise<LoadedCarousel[]> {
  const configs = await content.getProductCarousels(site, page);
  const carousels = await Promise.all(
    configs.map(async (config) => ({
      config,
      products: (
        await commerce.getProductCardsByHandles(
          site,
          config.handles.map((h) => h.handle),
        )
      ).map((card) => listingCard(card, site)),
    })),
  );
  // "The carousel shows only when its products are loaded" (catalogue spec section 4).
  return carousels.filter((carousel) => carousel.products.length > 0);
}

/** Size and alt text of the assets named, by id (unknown ids are left out, so their images are not drawn). */
export async function assetsFor(ids: readonly (string | undefined)[]): Promise<AssetSizes> {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const assets = await Promise.all(unique.map((id) => content.getAsset(id)));
  return Object.fromEntries(
    assets.filter((a) => a !== null).map((a) => [a.id, { width: a.width, height: a.height, alt: a.alt }]),
  );
}

/** The home page: hero and sections in the editor's order, each with its content. */
export async function loadHome(site: SiteId) {
  const home = await content.getHome(site);
  const sections = home?.sections ?? [];
  const [highlight, twoColumn, carousels, promotions] = await Promise.all([
    sections.includes("highlight-content-block") ? content.getHighlightContentBlock(site) : null,
    sections.includes("two-column-section") ? content.getTwoColumnSection(site) : null,
    sections.includes("product-carousel") ? productCarouselsFor(site, "home") : ([] as LoadedCarousel[]),
    sections.includes("promotion-banners") ? content.getPromotionBanners(site) : ([] as PromotionItem[]),
  ]);
  const images = await assetsFor([
    home?.hero.image?.id,
    highlight?.image?.id,
    ...(twoColumn?.columns.map((c) => c.image?.id) ?? []),
    ...promotions.map((p) => p.image?.id),
  ]);
  return { hero: home?.hero ?? null, sections, highlight, twoColumn, carousels, promotions, images };
}

type PromotionItem = ContentData<"promotion-banners">["items"][number];

/**
 * The carousels of `page` for a page that shows without them: "Carousel load failure: logged
 * only" (catalogue spec section 8), so a failure logs and shows none.
 */
export function productCarouselsOrNone(site: SiteId, page: string): Promise<LoadedCarousel[]> {
  return productCarouselsFor(site, page).catch((error: unknown) => {
    logger().error({ err: error, page }, "Product carousel failed to load");
    return [];
  });
}

/** The 404 answer, with the carousels configured for page '404' (catalogue spec section 2). */
export async function notFoundResponse(site: SiteId): Promise<Response> {
  const carousels = await productCarouselsOrNone(site, "404");
  return json({ notFound: true, carousels }, { status: 404, headers: { "Cache-Control": "no-store" } });
}

/** The 404 image with its size, for the root loader (null when there is none or the asset is unknown). */
export async function notFoundImage(notFound: NotFoundContent) {
  if (!notFound.image) return null;
  const asset = (await assetsFor([notFound.image.id]))[notFound.image.id];
  return asset ? { id: notFound.image.id, ...asset, alt: notFound.image.description || asset.alt } : null;
}

/** A content page by slug (drafts only in preview), with its images' sizes; null when there is none. */
export async function loadContentPage(site: SiteId, slug: string, preview: boolean) {
  const page = await content.getPage(site, slug, { preview });
  if (!page) return null;
  const assets = await assetsFor(page.data.blocks.map((b) => (b.type === "image" ? b.image.id : undefined)));
  return { slug, title: page.title, ...page.data, assets, updatedAt: page.updatedAt.toISOString() };
}
