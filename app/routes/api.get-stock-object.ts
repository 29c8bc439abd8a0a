import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { stock, STOCK_DESTINATIONS } from "~/services/stock/index.server";
import { methodNotAllowed, NO_STORE, parseJsonBody, requireMethod } from "~/utils/api.server";

const StockObjectBodySchema = z.object({ destination: z.enum(STOCK_DESTINATIONS) });

export async function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST { destination } → { data }: the zip coverage records (shop-core spec sections 3 and 7). */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { destination } = await parseJsonBody(request, StockObjectBodySchema);
  return json({ data: await stock.getCoverage(destination) }, { headers: NO_STORE });
}
