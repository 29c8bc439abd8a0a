import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { commerce } from "~/services/commerce/index.server";
import { getSite } from "~/services/site/index.server";
import { methodNotAllowed, notFound, parseJsonBody, requireMethod } from "~/utils/api.server";

const BodySchema = z.object({ sku: z.string().trim().min(1).max(64) });

export async function loader() {
  return methodNotAllowed(["POST"]);
}

/**
 * POST { sku } → the product as the subscription service knows it, with the
 * selling plans it can be subscribed on (none when not autoship-eligible), or
 * 404 (catalogue spec section 7).
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { sku } = await parseJsonBody(request, BodySchema);
  const found = await commerce.getProductBySku(getSite(request), sku);
  if (!found) throw notFound(`No product with SKU "${sku}".`);
  const sellingPlans = found.autoshipEligible ? await commerce.getSellingPlans() : [];
  return json({
    product: {
      sku: found.sku,
      productId: found.productId,
      handle: found.handle,
      title: `${found.title} - ${found.variantTitle}`,
      // Absent where the site hides retail prices (`sitePolicy(site).showsRetailPrices`).
      ...(found.priceCents !== undefined ? { price: found.priceCents } : {}),
      inStock: found.inventory > 0,
      autoshipEligible: found.autoshipEligible,
      sellingPlans,
    },
  });
}
