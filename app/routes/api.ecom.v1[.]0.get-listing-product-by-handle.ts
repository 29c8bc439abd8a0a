import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { commerce } from "~/services/commerce/index.server";
import { getSite } from "~/services/site/index.server";
import { HandleBodySchema, methodNotAllowed, notFound, parseJsonBody, requireMethod } from "~/utils/api.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST { handle } → { product } as a listing card, or 404 (catalogue spec section 7). */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { handle } = await parseJsonBody(request, HandleBodySchema);
  const [product] = await commerce.getProductCardsByHandles(getSite(request), [handle]);
  if (!product) throw notFound(`No product with handle "${handle}".`);
  return json({ product });
}
