import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { getSite } from "~/services/site/index.server";
import { stock, STOCK_DESTINATIONS } from "~/services/stock/index.server";
import { methodNotAllowed, NO_STORE, parseJsonBody, requireMethod } from "~/utils/api.server";

const ProductsStockBodySchema = z.object({
  skus: z.array(z.string().trim().min(1).max(64)).min(1).max(100),
  zipCode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, "Enter a 5-digit zip code."),
  destination: z.enum(STOCK_DESTINATIONS),
});

export async function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST { skus, zipCode, destination } → { products: [{ sku, inStock, available }] } (catalogue spec section 7). */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const query = await parseJsonBody(request, ProductsStockBodySchema);
  return json({ products: await stock.getProductsStock({ ...query, site: getSite(request) }) }, { headers: NO_STORE });
}
