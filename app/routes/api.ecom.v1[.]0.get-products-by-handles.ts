import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { commerce } from "~/services/commerce/index.server";
import { getSite } from "~/services/site/index.server";
import { HandlesBodySchema, methodNotAllowed, parseJsonBody, requireMethod } from "~/utils/api.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST { handles } → { products } in the given order, unknown handles skipped (catalogue spec section 7). */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { handles } = await parseJsonBody(request, HandlesBodySchema);
  return json({ products: await commerce.getProductCardsByHandles(getSite(request), handles) });
}
