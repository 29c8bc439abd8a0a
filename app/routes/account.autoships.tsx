// My Subscriptions / My Autoships (shop-core spec sections 2, 3 and 9): each of the
// customer's subscriptions with its product, quantity, weight, frequency, next date and
// state, and one small form per change (app/components/subscription-card.tsx). Every form
// is a plain post with a hidden `intent` and `subscriptionId`, parsed with the one schema
// of app/models/autoship-forms.ts: errors come back beside the field of that
// subscription's form, a change redirects back here with a notice.
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormError } from "~/components/form-field";
import { SubscriptionCard } from "~/components/subscription-card";
import { formatAddress } from "~/models/address";
import { nextDateBounds } from "~/models/autoship";
import { shopDay, shopDayNoon } from "~/models/shop-time";
import { AutoshipActionSchema, changedNotice, ORDER_NOW_REFUSALS } from "~/models/autoship-forms";
import { formatWeight } from "~/models/weight";
import { formatMoney } from "~/models/money";
import { routeTitle } from "~/models/page-titles";
import { cardLabel, expiringCardNotice } from "~/models/payment-cards";
import { cardOptionLabel } from "~/models/payment-methods";
import type { SiteId } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";
import { useAccount } from "~/routes/account";
import { autoship, SubscriptionError } from "~/services/autoship/index.server";
import { commerce } from "~/services/commerce/index.server";
import { customers } from "~/services/customers/index.server";
import { commitNotice, requireCustomer } from "~/services/http/index.server";
import { OrderError } from "~/services/orders/index.server";
import { payments } from "~/services/payment/index.server";
import { getSite, shopTimeZone } from "~/services/site/index.server";
import type { ActionReply } from "~/utils/form";
import { pageNotFound, readFormData, replyWith } from "~/utils/form.server";
import { pageMeta, siteFromMatches } from "~/utils/meta";
import { requireCommerceFeature } from "~/utils/commerce-feature.server";

/** The page's name per site (shop-core spec section 2). */
const titleFor = (site: SiteId) => routeTitle(site, "/account/autoships");

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: titleFor(siteFromMatches(matches)), noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const customerId = await requireCustomer(request);
  requireCommerceFeature("autoshipEngine");
  const site = getSite(request);
  const [subscriptions, plans, cards, addresses] = await Promise.all([
    autoship.overview(customerId),
    commerce.getSellingPlans(),
    payments.listCards(customerId),
    customers.listAddresses(customerId),
  ]);
  const zone = shopTimeZone();
  const cardOf = (tokenId: string | null) => cards.find((card) => card.id === tokenId);
  const policy = sitePolicy(site);
  return json(
    {
      site,
      plans: plans.map((plan) => ({ value: plan.id, label: plan.name })),
      // Days in the shop's time zone (docs/rules.md "Shop time"), as the date field shows them.
      dateBounds: nextDateBounds(new Date(), zone),
      // The customer's saved cards an autoship can switch to (docs/rules.md "Saved cards").
      cards: cards.map((card) => ({ value: card.id, label: cardOptionLabel(card) })),
      // The address book an autoship can deliver to (docs/rules.md "Autoship").
      addresses: addresses.map((a) => ({ value: a.id, label: formatAddress(a) })),
      subscriptions: subscriptions.map((s) => ({
        id: s.id,
        contractId: s.contractId,
        productTitle: s.product.title,
        variantId: s.variantId,
        variantTitle: s.variant.title,
        image: s.image,
        quantity: s.quantity,
        weightEach: formatWeight(s.weight, s.weightUnit),
        weightTotal: formatWeight(s.weight * s.quantity, s.weightUnit),
        // Prices are the server's (`subscriptionPrice`); the saving shows where the site shows it.
        price: {
          perOrder: formatMoney(s.price.perOrderCents),
          regular: policy.showsAutoshipSavings ? formatMoney(s.price.regularCents) : null,
          saving:
            policy.showsAutoshipSavings && s.price.autoshipSavingsCents > 0
              ? formatMoney(s.price.autoshipSavingsCents)
              : null,
        },
        sellingPlanId: s.sellingPlanId,
        frequency: s.frequency,
        nextOrderDate: shopDay(s.nextOrderDate, zone),
        cancelled: s.cancelled,
        cancelReason: s.cancelReason,
        paymentTokenId: s.paymentTokenId,
        addressLine: s.addressLine,
        swapOptions: s.swapOptions
          .filter((v) => v.id !== s.variantId)
          .map((v) => ({
            value: v.id,
            label: v.inStock ? v.title : `${v.title} (out of stock)`,
            disabled: !v.inStock,
          })),
        cardNotice: (() => {
          const card = cardOf(s.paymentTokenId);
          return card && !s.cancelled ? expiringCardNotice(card, s.nextOrderDate, zone) : null;
        })(),
      })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const customerId = await requireCustomer(request);
  requireCommerceFeature("autoshipEngine");
  const noun = sitePolicy(getSite(request)).autoshipNoun.singular;
  const submission = parseWithZod(await readFormData(request), { schema: AutoshipActionSchema });
  const posted = submission.payload.subscriptionId;
  const target = typeof posted === "string" ? posted : undefined;
  if (submission.status !== "success") return replyWith(submission, { target });
  const input = submission.value;
  const id = input.subscriptionId;

  let alreadyOrdered = false;
  let paidWith: string | null = null;
  let addressLine: string | null = null;
  try {
    switch (input.intent) {
      case "change-frequency":
        await autoship.changeFrequency(customerId, id, input.sellingPlanId);
        break;
      case "change-quantity":
        await autoship.changeQuantity(customerId, id, input.quantity);
        break;
      case "skip-next":
        await autoship.skipNext(customerId, id);
        break;
      case "change-date":
        // The chosen day at noon in the shop's time zone: whole-day steps never leave it (shopDayNoon).
        await autoship.changeNextDate(customerId, id, shopDayNoon(input.nextOrderDate, shopTimeZone())!);
        break;
      case "order-now": {
        const outcome = await autoship.orderNow(customerId, id);
        if (outcome === "out_of_stock" || outcome === "declined" || outcome === "over_quota") {
          const refusal = ORDER_NOW_REFUSALS[outcome];
          return replyWith(submission, { target, status: refusal.status, formErrors: [refusal.message] });
        }
        alreadyOrdered = outcome === "already";
        break;
      }
      case "cancel":
        await autoship.cancel(customerId, id, input.cancelReason, input.cancelNote);
        break;
      case "change-address":
        addressLine = formatAddress(await autoship.changeAddress(customerId, id, input.addressId));
        break;
      case "swap-variant":
        await autoship.swapVariant(customerId, id, input.variantId);
        break;
      case "reactivate":
        await autoship.reactivate(customerId, id);
        break;
      case "change-card":
        paidWith = cardLabel(await autoship.changeCard(customerId, id, input.tokenId));
        break;
    }
  } catch (error) {
    if (error instanceof SubscriptionError && error.status === 404) throw pageNotFound(error.message);
    if (error instanceof SubscriptionError) return replyWith(submission, { target, error });
    // An order refused on a line is still the whole form's error here.
    if (error instanceof OrderError) {
      return replyWith(submission, { target, status: error.status, formErrors: [error.message] });
    }
    throw error;
  }
  const changed = (await autoship.list(customerId)).find((s) => s.id === id);
  const notice = changed
    ? changedNotice(
        input.intent,
        {
          ...changed,
          productTitle: changed.product.title,
          variantTitle: changed.variant.title,
          cardLabel: paidWith,
          addressLine,
        },
        noun,
        shopTimeZone(),
        alreadyOrdered,
      )
    : { tone: "success" as const, message: `Your ${noun} was updated.` };
  return redirect("/account/autoships", { headers: await commitNotice(request, notice) });
}

export default function MySubscriptions() {
  const data = useLoaderData<typeof loader>();
  const account = useAccount();
  const answer = useActionData<typeof action>() as ActionReply | undefined;
  const known = answer?.target && data.subscriptions.some((s) => s.id === answer.target);
  const noun = sitePolicy(data.site).autoshipNoun;
  return (
    <section aria-labelledby="autoships-title" className="account-autoships">
      <h1 id="autoships-title">{titleFor(data.site)}</h1>
      {answer && !known ? (
        <FormError
          errors={[
            answer.error?.intent?.[0] ?? answer.error?.subscriptionId?.[0] ?? "That did not work. Please try again.",
          ]}
        />
      ) : null}
      {data.subscriptions.length === 0 ? (
        <div className="account-autoships__empty">
          <p>
            {account?.settings?.autoships_empty ??
              `You have no ${noun.plural} yet. Choose Autoship on a product page to have food delivered on a schedule.`}
          </p>
          <p>
            <Link to="/products" className="button button--primary">
              Shop dog and cat food
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p className="account-autoships__cards">
            <Link to="/account/payment-methods">Manage payment methods</Link>
          </p>
          <ul className="account-autoships__list">
            {data.subscriptions.map((sub) => (
              <li key={sub.id}>
                <SubscriptionCard
                  sub={sub}
                  plans={data.plans}
                  dateBounds={data.dateBounds}
                  cards={data.cards}
                  addresses={data.addresses}
                  noun={noun.singular}
                  answer={answer?.target === sub.id ? answer : undefined}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
