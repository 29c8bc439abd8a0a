// /admin/orders.csv (docs/api.md "Back-office CSV exports"): the orders list as a CSV file, with
// the list's filters (`orderSearchOf`, its page aside), every matching order newest first, at most
// CSV_EXPORT_MAX. The list's permission (`orders.view`) for every kind of request.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ORDER_CSV_HEADER, orderCsvRows, orderSearchOf } from "~/models/admin-orders";
import { CSV_EXPORT_MAX } from "~/models/csv";
import { requireAdmin } from "~/services/admin/index.server";
import { orderAdmin } from "~/services/orders/index.server";
import { requireCommerceFeature } from "~/utils/commerce-feature.server";
import { csvOnlyGet, csvResponse } from "~/utils/csv.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "orders.view");
  requireCommerceFeature("embeddedOrders");
  const search = orderSearchOf(new URL(request.url).searchParams);
  return csvResponse("orders", ORDER_CSV_HEADER, orderCsvRows(await orderAdmin.exportRows(search, CSV_EXPORT_MAX)));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request, "orders.view");
  return csvOnlyGet();
}
