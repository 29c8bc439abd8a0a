// Buy again on My Order Details (docs/rules.md "Orders", shop-core spec section 5): the order's
// lines the site still sells go to the cart within the cart limits, and the notice says what
// could not be added or was trimmed (`buyAgainNotice`). Used by app/routes/account.orders_.$id.tsx.
import { redirect } from "@remix-run/node";
import { buyAgainLines, buyAgainNotice, lineName, nothingToBuyAgainMessage } from "~/models/buy-again";
import type { Notice } from "~/models/notice";
import type { SiteId } from "~/models/site";
import { CartError, commerce } from "~/services/commerce/index.server";
import { addToCart, cartCookieAfter, commitNotice } from "~/services/http/index.server";
import type { OrderView } from "~/services/orders/index.server";
import { getSite } from "~/services/site/index.server";

/** The order's lines the site still sells, as cart lines (docs/rules.md "Orders", buy again). */
async function buyAgainFor(order: OrderView, site: SiteId) {
  // The catalogue answers from its in-memory snapshot: sold on this site, and whether autoship is allowed.
  const [products, plans] = await Promise.all([
    Promise.all(order.lines.map((line) => commerce.getProductBySku(site, line.sku))),
    commerce.getSellingPlans(),
  ]);
  const sold = new Map(products.flatMap((p) => (p ? [[p.variantId, p.autoshipEligible] as const] : [])));
  return buyAgainLines(order.lines, sold, new Set(plans.map((plan) => plan.id)));
}

/** Buy again: the lines still sold go to the cart, and the notice says what did not. */
export async function buyAgain(request: Request, order: OrderView) {
  const site = getSite(request);
  const here = `/account/orders/${order.id}`;
  const { lines, unavailable, nowOneTime } = await buyAgainFor(order, site);
  if (lines.length === 0) {
    const notice: Notice = { tone: "error", message: nothingToBuyAgainMessage(unavailable) };
    return redirect(here, { headers: await commitNotice(request, notice) });
  }
  let result;
  try {
    result = await addToCart(request, site, lines, { withCart: false });
  } catch (error) {
    if (!(error instanceof CartError)) throw error;
    return redirect(here, { headers: await commitNotice(request, { tone: "error", message: error.message }) });
  }

  const notice = buyAgainNotice({
    orderNumber: order.number,
    asked: lines.length,
    notices: result.notices,
    names: new Map(order.lines.map((line) => [line.variantId, lineName(line)])),
    unavailable,
    nowOneTime,
  });
  const headers = await commitNotice(request, notice);
  const cookie = await cartCookieAfter(request, result);
  if (cookie) headers.append("Set-Cookie", cookie);
  return redirect("/cart", { headers });
}
