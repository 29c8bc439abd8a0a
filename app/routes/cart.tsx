import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { CartView, type CartProgramView } from "~/components/cart-view";
import { ContentCarousels } from "~/components/content-carousels";
import { DonationPanel } from "~/components/donation-panel";
import { DataLayerEvent } from "~/components/data-layer-event";
import { quotaMonthLabel } from "~/models/staff-program-dates";
import { staffMemberOf, stockDestinationOf, type StaffMember } from "~/services/staff/index.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { cartSummaryView, summarizeCart } from "~/models/cart";
import { HAND_OFF_PATH } from "~/models/checkout-forms";
import { sitePolicy } from "~/models/site-policy";
import { commerce, cartIdCookie, features, readCartId } from "~/services/commerce/index.server";
import { currentCart, getCustomerId, getLocation } from "~/services/http/index.server";
import { cartPricingFor } from "~/services/pricing/index.server";
import { getSite } from "~/services/site/index.server";
import { stock } from "~/services/stock/index.server";
import { deliveryEstimateFor, productCarouselsOrNone } from "~/services/storefront/index.server";
import { pageMeta } from "~/utils/meta";
import { donationContext, pageDonation } from "~/utils/donations.server";

// Catalogue spec section 2 "Cart page texts": title and description 'Shopping Cart'.
export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Shopping Cart", description: "Shopping Cart", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const site = getSite(request);
  const customerId = await getCustomerId(request);
  const [cart, pricing, sellingPlans, location] = await Promise.all([
    currentCart(request),
    cartPricingFor(site, customerId),
    commerce.getSellingPlans(),
    getLocation(request),
  ]);
  const member = await staffMemberOf(request);
  // Stock per line for the delivery zip, at the clinic or home (catalogue spec section 5).
  const availability = cart?.lines.length
    ? await stock.getProductsStock({
        site,
        skus: cart.lines.map((l) => l.sku),
        zipCode: location.zip,
        destination: await stockDestinationOf(request),
      })
    : [];
  const unavailableSkus = new Set(availability.filter((a) => !a.inStock).map((a) => a.sku));
  const unavailableLineIds = cart?.lines.filter((l) => unavailableSkus.has(l.sku)).map((l) => l.id) ?? [];
  const headers = new Headers({ "Cache-Control": "no-store" });
  // A cookie that names a cart that is gone is cleared.
  if (!cart && (await readCartId(request))) {
    headers.append("Set-Cookie", await cartIdCookie.serialize("", { maxAge: 0 }));
  }
  // The same terms checkout prices with (docs/rules.md "Pricing, discounts and shipping").
  const summary = cart
    ? cartSummaryView(summarizeCart(cart.lines, pricing), sitePolicy(site), customerId !== null)
    : null;
  // What the cart gives and the shopper's choice (docs/rules.md "Donation choice"); hidden on the staff
  // site, and on a platform's checkout, which does not confirm the shop's donations (commerceFeatures).
  const giving =
    cart?.lines.length && features.embeddedCheckout
      ? await pageDonation(request, await donationContext(request, cart, customerId))
      : null;
  // An empty cart suggests products: the carousels configured for page "cart".
  const suggestions = cart?.lines.length ? [] : await productCarouselsOrNone(site, "cart");
  return json(
    {
      site,
      cart,
      suggestions,
      summary,
      sellingPlans,
      // On a platform with its own checkout, the hand-off prepares the cart for it (checkout attributes, buyer).
      checkoutHref: features.embeddedCheckout ? (cart?.checkoutUrl ?? "/checkout") : HAND_OFF_PATH,
      zip: location.zip,
      unavailableLineIds,
      // For the stored zip, as the product page shows it (docs/rules.md "Delivery estimate before checkout").
      deliveryEstimate: cart?.lines.length ? await deliveryEstimateFor(request) : undefined,
      pricing,
      program: sitePolicy(site).staffProgram ? programView(member) : null,
      donation: giving?.donation ?? null,
      donationSearch: giving?.donationSearch ?? null,
    },
    { headers },
  );
}

/** What the staff cart shows of the program: pricing terms and this month's allowance. */
function programView(member: StaffMember | null): CartProgramView {
  if (!member?.isRegistered) return { signedIn: member !== null, discountPercent: null, allowance: null };
  return {
    signedIn: true,
    discountPercent: member.programDiscountPercent,
    allowance: { remainingCents: member.quota.remainingCents, monthLabel: quotaMonthLabel(member.quota.month) },
  };
}

// The cart's posts (every intent, for fetchers and plain forms alike) are answered in a server
// module, so this route keeps to its page, as the products route does with its notify-me form.
export { cartAction as action } from "~/utils/cart-action.server";

export default function CartPage() {
  const { donation, donationSearch, suggestions, ...data } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData("root") as { freeShippingMinimumCents?: number } | undefined;
  const lines = data.cart?.lines ?? [];
  return (
    <>
      <DataLayerEvent
        build={(a) =>
          lines.length > 0
            ? a.ecommerceEvent(
                "view_cart",
                lines.map((line) => a.cartLineItem(line)),
              )
            : null
        }
      />
      <CartView
        {...data}
        donation={donation ? <DonationPanel widget={donation} search={donationSearch} pagePath="/cart" /> : null}
        suggestions={
          suggestions.length > 0 ? (
            <ContentCarousels
              carousels={suggestions}
              site={data.site}
              freeShippingMinimumCents={root?.freeShippingMinimumCents ?? 0}
              idPrefix="cart"
            />
          ) : null
        }
      />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
