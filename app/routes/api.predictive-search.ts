import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { productCardHref } from "~/models/product";
import { commerce } from "~/services/commerce/index.server";
import { normalizeSearchTerm, searchProducts } from "~/services/search/index.server";
import { getSite } from "~/services/site/index.server";

/** Suggestions shown while typing in the header search box. */
export const PREDICTIVE_LIMIT = 6;
const MIN_LENGTH = 2;

/** GET /api/predictive-search?q=term: the best few products for a partial term. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const site = getSite(request);
  const query = normalizeSearchTerm(url.searchParams.get("q"));
  if (query.length < MIN_LENGTH) return json({ query, products: [] });
  const relevance = await searchProducts(site, query);
  const result = await commerce.listProducts({
    site,
    fixed: {},
    state: { filters: {}, price: {}, sort: "relevance", page: 1 },
    relevance,
    pageSize: PREDICTIVE_LIMIT,
    withoutFacets: true,
  });
  return json(
    {
      query,
      total: result.total,
      products: result.products.map((p) => ({
        id: p.id,
        title: p.title,
        href: productCardHref(p.variant),
        image: p.image?.url ?? null,
        // Absent where the site hides retail prices: the catalogue already dropped it (`sitePolicy(site).showsRetailPrices`).
        ...(p.variant.priceCents !== undefined ? { priceCents: p.variant.priceCents } : {}),
      })),
    },
    { headers: { "Cache-Control": "private, max-age=60" } },
  );
}
