import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { commerce } from "~/services/commerce/index.server";
import { getSite } from "~/services/site/index.server";
import {
  ListingBodySchema,
  listingQueryFromBody,
  methodNotAllowed,
  parseJsonBody,
  requireMethod,
} from "~/utils/api.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST { filters?, limit?, page?, sort? } → one page of the site's products (catalogue spec section 7). */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const site = getSite(request);
  const body = await parseJsonBody(request, ListingBodySchema);
  const { products, total, page, pageCount, facetCounts } = await commerce.listProducts(
    listingQueryFromBody(site, body),
  );
  return json({ products, total, page, pageCount, facetCounts });
}
