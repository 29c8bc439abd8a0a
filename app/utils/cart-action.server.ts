// The cart's action (app/routes/cart.tsx re-exports it): every cart intent, parsed with
// `CartIntentSchema`, answered as JSON to a fetcher (`_response=json`; a refusal is the one action
// reply, `replyWith`) and as a redirect with a notice to a plain form (docs/rules.md "Cart").
import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { cartSummaryView, summarizeCart, type CartActionData, type CartChanged } from "~/models/cart";
import { CartIntentSchema } from "~/models/cart-input";
import { causeChosenNotice, extraChosenNotice } from "~/models/donation-forms";
import type { DonationExtra } from "~/models/donations";
import { referrerPath } from "~/models/guards";
import type { Notice } from "~/models/notice";
import { localPathOr } from "~/models/redirect-param";
import { sitePolicy } from "~/models/site-policy";
import { CartError, type CartResult, commerce, readCartId } from "~/services/commerce/index.server";
import { DonationChoiceError, donations } from "~/services/donations/index.server";
import {
  addToCart,
  cartCookieAfter,
  commitNotice,
  currentCart,
  flashNotice,
  getCustomerId,
  getSession,
  sessionStorage,
  setHomeZip,
} from "~/services/http/index.server";
import { logger } from "~/services/observability/index.server";
import { cartPricingFor } from "~/services/pricing/index.server";
import { getSite, publicOrigin } from "~/services/site/index.server";
import { stock } from "~/services/stock/index.server";
import { donationContext } from "~/utils/donations.server";
import { readFormData, replyWith } from "~/utils/form.server";

/** Where to go back to after a post without JavaScript: the page it came from, same origin only. */
function backTo(request: Request, formData: FormData): string {
  const explicit = formData.get("redirectTo");
  if (typeof explicit === "string" && explicit) return localPathOr(explicit, "/cart");
  const back = referrerPath(request.headers.get("Referer"), publicOrigin(getSite(request)));
  return back ? localPathOr(back, "/cart") : "/cart";
}

/** What a fetcher (JavaScript) gets back for a change made instead of a redirect; see `CartActionData`. */
function jsonReply(data: CartChanged, cookie?: string | null) {
  return json<CartActionData>(data, { headers: cookie ? { "Set-Cookie": cookie } : undefined });
}

type CartSubmission = Parameters<typeof replyWith>[0];

/**
 * A refused post (`CartRefused`): to a fetcher the one action reply (`replyWith`) with the
 * errors beside their fields and the notice; to a plain form a redirect back with the notice
 * (the form may sit on another page, a product page's add-to-cart).
 */
async function refuse(
  request: Request,
  submission: CartSubmission,
  reply: { wantsJson: boolean; back: string; message: string; status?: number; fieldErrors?: Record<string, string[]> },
) {
  const notice: Notice = { tone: "error", message: reply.message };
  if (reply.wantsJson) return replyWith(submission, { status: reply.status, notice, fieldErrors: reply.fieldErrors });
  return redirect(reply.back, { headers: await commitNotice(request, notice) });
}

/** The cart page's action: parses the intent (`CartIntentSchema`) and answers a fetcher with JSON, a form with a redirect. */
export async function cartAction({ request }: ActionFunctionArgs) {
  const site = getSite(request);
  const formData = await readFormData(request);
  // Fetchers add `_response=json`: they stay on their page and update in place.
  const wantsJson = formData.get("_response") === "json";
  const back = backTo(request, formData);
  const submission = parseWithZod(formData, { schema: CartIntentSchema });
  if (submission.status !== "success") {
    // The notice is the first failing field's first message (docs/rules.md "Forms and inputs":
    // same as the JSON calls); a fetcher also gets every field's errors.
    const first = Object.values(submission.error ?? {}).find((messages) => messages?.[0])?.[0];
    return refuse(request, submission, { wantsJson, back, message: first ?? "That did not work. Please try again." });
  }
  const input = submission.value;
  const answer = { submission, back, wantsJson };
  if (input.intent === "zip") return setZip(request, input.zip, answer);
  if (input.intent === "donation-cause") return chooseDonation(request, { causeId: input.causeId }, answer);
  if (input.intent === "donation-extra") return chooseDonation(request, { extra: input.extra }, answer);
  let result: CartResult;
  // A post that redirects needs only the cart's id; a fetcher's answer needs the lines.
  const changeOptions = { withCart: wantsJson };
  let success: string;
  try {
    const cartId = await readCartId(request);
    const cartIdOrThrow = () => {
      if (!cartId) throw new CartError("CART_NOT_FOUND", "Your cart is empty.", "cartId");
      return cartId;
    };
    switch (input.intent) {
      case "add": {
        const sellingPlanId = input.purchaseType === "autoship" ? input.sellingPlanId || null : null;
        if (input.purchaseType === "autoship" && !sellingPlanId) {
          throw new CartError("SELLING_PLAN_INVALID", "Choose how often to deliver.", "sellingPlanId");
        }
        result = await addToCart(
          request,
          site,
          [{ merchandiseId: input.variantId, quantity: input.quantity, sellingPlanId }],
          changeOptions,
        );
        success = "Added to your cart.";
        break;
      }
      case "update":
        result = await commerce.updateLines(
          cartIdOrThrow(),
          [{ id: input.lineId, quantity: input.quantity }],
          changeOptions,
        );
        success = input.quantity === 0 ? "Item removed from your cart." : "Quantity updated.";
        break;
      case "remove":
        result = await commerce.removeLines(cartIdOrThrow(), [input.lineId], changeOptions);
        success = "Item removed from your cart.";
        break;
      case "set-plan":
        result = await commerce.updateLines(
          cartIdOrThrow(),
          [{ id: input.lineId, sellingPlanId: input.sellingPlanId || null }],
          changeOptions,
        );
        success = input.sellingPlanId ? "Autoship frequency updated." : "Changed to a one-time purchase.";
        break;
      case "discount":
        result = await commerce.updateDiscountCodes(cartIdOrThrow(), input.code ? [input.code] : []);
        success = input.code ? "Discount code added; it is applied at checkout." : "Discount code removed.";
        break;
      case "note":
        result = await commerce.updateNote(cartIdOrThrow(), input.note);
        success = "Note saved.";
        break;
      case "attributes":
        result = await commerce.updateAttributes(cartIdOrThrow(), [{ key: input.key, value: input.value }]);
        success = "Saved.";
        break;
    }
  } catch (error) {
    if (error instanceof CartError) {
      if (error.code === "CART_NOT_FOUND") logger().warn("No cart found");
      const fieldErrors = { [error.field ?? ""]: [error.message] };
      return refuse(request, submission, {
        wantsJson,
        back,
        message: error.message,
        status: error.status,
        fieldErrors,
      });
    }
    throw error;
  }
  // A limit that stopped or trimmed the change is said instead of (or after) the plain success.
  const nothingAdded = result.notices.find((n) => n.code === "NOTHING_ADDED");
  const clamped = result.notices.filter((n) => n.code === "QUANTITY_CLAMPED").map((n) => n.message);
  const notice: Notice = nothingAdded
    ? { tone: "info", message: nothingAdded.message }
    : { tone: clamped.length ? "info" : "success", message: [success, ...clamped].join(" ") };
  const cookie = await cartCookieAfter(request, result);
  if (wantsJson) {
    const { cart } = result;
    const line =
      cart && input.intent === "add"
        ? (cart.lines.find(
            (l) =>
              l.variantId === input.variantId &&
              l.sellingPlanId === (input.purchaseType === "autoship" ? input.sellingPlanId || null : null),
          ) ?? null)
        : (cart?.lines.find((l) => "lineId" in input && l.id === input.lineId) ?? null);
    const customerId = await getCustomerId(request);
    const summary = cart
      ? cartSummaryView(
          summarizeCart(cart.lines, await cartPricingFor(site, customerId)),
          sitePolicy(site),
          customerId !== null,
        )
      : null;
    return jsonReply(
      {
        ok: true,
        notice,
        cart: summary
          ? {
              totalQuantity: summary.totalQuantity,
              weightLbs: summary.weightLbs,
              subtotalCents: summary.subtotalCents,
              freeShipping: summary.freeShipping && {
                percent: summary.freeShipping.percent,
                remainingLabel: summary.freeShipping.remainingLabel,
                reached: summary.freeShipping.reached,
              },
            }
          : null,
        line,
      },
      cookie,
    );
  }
  const headers = await commitNotice(request, notice);
  if (cookie) headers.append("Set-Cookie", cookie);
  return redirect(back, { headers });
}

/**
 * A guest's delivery zip (shop-core spec sections 1, 4 and 5): valid when it is 5
 * digits inside a home-delivery range; a new valid zip updates the stored location.
 */
async function setZip(request: Request, zip: string, { submission, back, wantsJson }: Answer) {
  if (!(await stock.coversZip(zip))) {
    const message = `Sorry, we do not deliver to ${zip} yet.`;
    return refuse(request, submission, { wantsJson, back, message, fieldErrors: { zip: [message] } });
  }
  const session = await getSession(request);
  setHomeZip(session, zip);
  const notice: Notice = { tone: "success", message: `Delivering to ${zip}.` };
  if (!wantsJson) flashNotice(session, notice);
  const headers = { "Set-Cookie": await sessionStorage.commitSession(session) };
  if (wantsJson) return json<CartActionData>({ ok: true, notice, cart: null, line: null }, { headers });
  return redirect(back, { headers });
}

/** What the action's helpers answer with: the submission, where to go back, and which mode. */
interface Answer {
  submission: CartSubmission;
  back: string;
  wantsJson: boolean;
}

/**
 * The donation choice (docs/rules.md "Donation choice"): a cause (set-cause on the cart's
 * tracking record) or the shopper's extra gift, through the donation layer; a choice it
 * refuses is said as an error notice (4xx for fetchers), never a 500.
 */
async function chooseDonation(
  request: Request,
  choice: { causeId: string } | { extra: DonationExtra | null },
  { submission, back, wantsJson }: Answer,
) {
  let notice: Notice;
  try {
    const cart = await currentCart(request);
    if (!cart || cart.lines.length === 0) throw new CartError("CART_NOT_FOUND", "Your cart is empty.", "cartId");
    const context = await donationContext(request, cart);
    if ("causeId" in choice) {
      const cause = await donations.chooseCause(context, choice.causeId);
      notice = { tone: "success", message: causeChosenNotice(cause.name) };
    } else {
      await donations.setExtra(context, choice.extra);
      notice = { tone: "success", message: extraChosenNotice(choice.extra) };
    }
  } catch (error) {
    if (!(error instanceof DonationChoiceError || error instanceof CartError)) throw error;
    const fieldErrors = { ["causeId" in choice ? "causeId" : "extra"]: [error.message] };
    return refuse(request, submission, { wantsJson, back, message: error.message, status: error.status, fieldErrors });
  }
  if (wantsJson) return jsonReply({ ok: true, notice, cart: null, line: null });
  return redirect(back, { headers: await commitNotice(request, notice) });
}
