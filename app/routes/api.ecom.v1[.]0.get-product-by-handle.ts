import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { commerce } from "~/services/commerce/index.server";
import { getSite } from "~/services/site/index.server";
import { HandleSchema, methodNotAllowed, notFound, parseSearchParams } from "~/utils/api.server";

const QuerySchema = z.object({ handle: HandleSchema });

/** GET ?handle= → { product } with every variant and image, or 404 (catalogue spec section 7). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { handle } = parseSearchParams(request, QuerySchema);
  const product = await commerce.getProduct(getSite(request), handle);
  if (!product) throw notFound(`No product with handle "${handle}".`);
  return json({ product }, { headers: { "Cache-Control": "private, max-age=60" } });
}

export async function action() {
  return methodNotAllowed(["GET", "HEAD"]);
}
