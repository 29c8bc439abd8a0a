// Checkout: contact, shipping address, delivery, payment, review and place order
// (catalogue spec section 4). The loader shows the first open step, or an earlier one
// to change; every step posts one form, parsed by `CheckoutPostSchema`
// (app/models/checkout-forms.ts) and saved by the checkout service.
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CheckoutHeader } from "~/components/checkout-header";
import { CheckoutSteps, EmptyCheckout } from "~/components/checkout-steps";
import type { HeaderHandle } from "~/components/site-header";
import { DonationPanel } from "~/components/donation-panel";
import { CheckoutAnalytics } from "~/components/checkout-analytics";
import { cartLineItem } from "~/models/analytics";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { orderType } from "~/models/checkout";
import { pricingStateOf } from "~/models/order-pricing";
import {
  CHECKOUT_STEPS,
  CheckoutPostSchema,
  CLINIC_ADDRESS_ID,
  deliveryEstimateMessage,
  firstOpenStep,
  stepOfIntent,
  stepTitle,
  stepToShow,
  type CheckoutStep,
} from "~/models/checkout-forms";
import { addressOptions, cardOptions, clinicNote, summaryLines, type CheckoutPageData } from "~/models/checkout-page";
import { encodeRedirect } from "~/models/redirect-param";
import { isServiceError } from "~/models/service-error";
import { sitePolicy } from "~/models/site-policy";
import { checkoutSettings, siteSettings } from "~/env.server";
import { customers } from "~/services/customers/index.server";
import { donations } from "~/services/donations/index.server";
import {
  commitNotice,
  getCustomerId,
  getSession,
  sessionStorage,
  setMemberLocation,
} from "~/services/http/index.server";
import { checkouts, saveStep } from "~/services/checkout/index.server";
import { getSite } from "~/services/site/index.server";
import { rememberOrder } from "~/services/orders/index.server";
import { pageMeta } from "~/utils/meta";
import { staffMemberOf, staffProgram } from "~/services/staff/index.server";
import { readFormData, replyWith } from "~/utils/form.server";
import { donationContext, pageDonation } from "~/utils/donations.server";
import { checkoutCart, closedOnPlatform, refuseOverLimit } from "~/utils/checkout-cart.server";
import { cartIdCookie, commerce } from "~/services/commerce/index.server";

/**
 * The checkout's own minimal header instead of the shop's (docs/rules.md "Brand, type and
 * header"); named here, so its code loads with this route, not with every page.
 */
export const handle: HeaderHandle = { header: CheckoutHeader };

/** Where the donation panel's posts come back to without JavaScript (it shows at the review step). */
const REVIEW_PATH = "/checkout?step=review";

// The step in the title: a page load (no JavaScript) reads it, and the route announcer says it
// after each step (docs/rules.md "Focus and announcements").
export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, { title: data && !data.empty ? `${stepTitle(data.step)} – Checkout` : "Checkout", noindex: true });

/** Guests with an autoship line sign in first (catalogue spec section 5, fee-free-checkout flag). */
const AUTOSHIP_LOGIN_PATH = "/shelter/autoship-required-login";

export async function loader({ request }: LoaderFunctionArgs) {
  const site = getSite(request);
  const customerId = await getCustomerId(request);
  closedOnPlatform();
  const { cart, setCookie } = await checkoutCart(request, customerId);
  // Nothing to check out (also after an order was placed, when a resubmit's answer is shown here).
  if (!cart || cart.lines.length === 0) return json({ empty: true as const });
  await refuseOverLimit(request, cart.lines, setCookie);
  const hasAutoship = orderType(cart.lines) === "firstPurchaseSubscription";
  if (hasAutoship && !customerId && checkoutSettings.FEE_FREE_CHECKOUT) {
    throw redirect(`${AUTOSHIP_LOGIN_PATH}?redirect=${encodeRedirect("/checkout")}`);
  }
  const checkout = await checkouts.open({ cart, customerId });
  const open = firstOpenStep({ ...checkout, shippingAddress: checkout.shippingAddress ? "set" : null });
  const step = stepToShow(new URL(request.url).searchParams.get("step"), open);
  // The cart's donation tracking record, started once the checkout is open, so its id is on
  // the cart before the order (docs/rules.md "Donation choice"); the panel shows at review.
  const giving = await donationContext(request, cart, customerId);
  await donations.ensureTracking(giving);
  const [priced, addresses, cards, member, donation] = await Promise.all([
    checkouts.price(checkout, cart),
    customerId ? customers.listAddresses(customerId) : [],
    customerId ? checkouts.savedCards(customerId) : [],
    staffMemberOf(request),
    step === "review" ? pageDonation(request, giving) : null,
  ]);
  const address = checkout.shippingAddress;
  const clinic = member?.isRegistered ? member.clinic : null;
  const data: CheckoutPageData = {
    empty: false,
    step,
    open,
    signedIn: customerId !== null,
    needsAccount: hasAutoship && !customerId,
    requiresAttestation: sitePolicy(site).requiresAttestation,
    checkout: {
      key: checkout.id,
      email: checkout.email,
      acceptsMarketing: checkout.acceptsMarketing,
      address,
      paymentSummary: checkout.paymentSummary,
    },
    lines: summaryLines(cart.lines, priced),
    amounts: priced,
    addressKnown: address !== null,
    delivery: address
      ? deliveryEstimateMessage({
          now: new Date(),
          businessDays: checkoutSettings.DELIVERY_BUSINESS_DAYS,
          timeZone: siteSettings.SHOP_TIME_ZONE,
          userLocation: `${address.zip}::HOME`,
          // Hawaii by the zip, as pricing reads it (docs/rules.md "Pricing, discounts and shipping").
          provinceCode: pricingStateOf(address.zip) ?? "",
          hawaiiFlag: checkoutSettings.HAWAII_DELIVERY_DATE_HIDDEN,
          inCheckout: true,
        })
      : null,
    addresses: addressOptions(clinic, addresses),
    clinicNote: clinicNote(clinic),
    preferHome: member?.preferredAddress === "home",
    cards: cardOptions(cards),
  };
  // The data layer's items (docs/rules.md "Analytics"); none where the site tracks nothing.
  const analyticsItems = sitePolicy(site).tracksAnalytics ? cart.lines.map((line) => cartLineItem(line)) : [];
  return json(
    { ...data, donation: donation?.donation ?? null, donationSearch: donation?.donationSearch ?? null, analyticsItems },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

const nextStep = (step: CheckoutStep) => `/checkout?step=${CHECKOUT_STEPS[CHECKOUT_STEPS.indexOf(step) + 1]}`;

export async function action({ request }: ActionFunctionArgs) {
  const site = getSite(request);
  const customerId = await getCustomerId(request);
  closedOnPlatform();
  const formData = await readFormData(request);
  const step = stepOfIntent(formData.get("intent"));

  let checkoutKey = "";
  if (step !== "review") {
    const { cart } = await checkoutCart(request, customerId);
    if (!cart || cart.lines.length === 0) {
      throw redirect("/cart", {
        headers: await commitNotice(request, { tone: "info", message: "Your cart is empty: add something first." }),
      });
    }
    await refuseOverLimit(request, cart.lines, null);
    // Steps are done in order: a post for a later step goes back to the first open one.
    const checkout = await checkouts.open({ cart, customerId });
    const open = firstOpenStep({ ...checkout, shippingAddress: checkout.shippingAddress ? "set" : null });
    if (step && CHECKOUT_STEPS.indexOf(step) > CHECKOUT_STEPS.indexOf(open)) throw redirect(`/checkout?step=${open}`);
    checkoutKey = checkout.id;
  }

  const submission = parseWithZod(formData, { schema: CheckoutPostSchema });
  if (submission.status !== "success" || !step) return replyWith(submission);
  const post = submission.value;
  try {
    if (post.intent === "place") {
      const placed = await checkouts.placeOrder({
        key: post.idempotencyKey,
        site,
        customerId,
        expectedTotalCents: post.expectedTotalCents,
        attestation: post.attestation,
        readCart: (id) => commerce.getCart(id),
      });
      const session = await getSession(request);
      rememberOrder(session, placed.id);
      const headers = new Headers();
      headers.append("Set-Cookie", await sessionStorage.commitSession(session));
      headers.append("Set-Cookie", await cartIdCookie.serialize("", { maxAge: 0 }));
      return redirect(`/checkout/confirmation/${placed.id}`, { headers });
    }
    if (post.intent === "delivery") await checkouts.confirmDelivery(checkoutKey, customerId);
    else await saveStep(checkouts, checkoutKey, customerId, post);
  } catch (error) {
    if (!isServiceError(error)) throw error;
    // Delivery without an address goes back to the shipping step.
    if (post.intent === "delivery") throw redirect("/checkout?step=shipping");
    // At review only the attestation is a field; any other refusal shows above the form.
    const onField = post.intent !== "place" || error.field === "attestation";
    return replyWith(submission, onField ? { error } : { status: error.status, formErrors: [error.message] });
  }
  const headers = new Headers();
  const shopper = post.intent === "shipping" ? await staffMemberOf(request) : null;
  if (shopper?.isRegistered) {
    // The member's choice is remembered: the preferred address and the stored location follow it.
    const toClinic = formData.get("addressId") === CLINIC_ADDRESS_ID;
    const member = await staffProgram.setPreferredAddress(shopper.customerId, toClinic ? "clinic" : "home");
    const session = await getSession(request);
    if (member.location && setMemberLocation(session, member.location)) {
      headers.append("Set-Cookie", await sessionStorage.commitSession(session));
    }
  }
  return redirect(nextStep(step), { headers });
}

export default function CheckoutPage() {
  const data = useLoaderData<typeof loader>();
  if (data.empty) return <EmptyCheckout />;
  const { donation, donationSearch, analyticsItems, ...steps } = data;
  return (
    <>
      <CheckoutAnalytics items={analyticsItems} checkoutKey={steps.checkout.key} open={steps.open} />
      <CheckoutSteps
        data={steps}
        donation={donation ? <DonationPanel widget={donation} search={donationSearch} pagePath={REVIEW_PATH} /> : null}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
