// Payment Methods (docs/rules.md "Saved cards"): the customer's saved cards, the default first,
// each with its brand, last four digits and expiry, "Expired" once it has, and the flag of every
// active autoship it pays whose next order falls after its expiry. Add a card (tokenized by the
// payment service: the number goes no further than the provider, and never back to the page),
// make one the default, or remove one; a card that pays for an active autoship is kept until that
// autoship is switched to another card. Every form is a plain post with a hidden `intent`;
// another customer's card is a 404, the same as an unknown one.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CheckboxField, FormError, SelectField, TextField } from "~/components/form-field";
import { PRIVATE_NO_STORE } from "~/models/cache-policy";
import { routeTitle } from "~/models/page-titles";
import {
  AddCardSchema,
  cardAutoshipOf,
  expiryOptions,
  PaymentMethodActionSchema,
  paymentMethodNotice,
  removeCardRefusal,
  savedCardView,
  SECRET_CARD_FIELDS,
} from "~/models/payment-methods";
import { sitePolicy } from "~/models/site-policy";
import { autoship } from "~/services/autoship/index.server";
import { commitNotice, requireCustomer } from "~/services/http/index.server";
import { payments } from "~/services/payment/index.server";
import { getSite, shopTimeZone } from "~/services/site/index.server";
import { replyFor } from "~/utils/form";
import { pageNotFound, readFormData, replyWith } from "~/utils/form.server";
import { pageMeta, siteFromMatches } from "~/utils/meta";
import { requireCommerceFeature } from "~/utils/commerce-feature.server";

const PAGE = "/account/payment-methods";
const NOT_FOUND = "We could not find that card in your payment methods.";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: routeTitle(siteFromMatches(matches), PAGE), noindex: true });

/** The customer's autoships as the card rules read them. */
const autoshipsOf = async (customerId: string) => (await autoship.list(customerId)).map(cardAutoshipOf);

export async function loader({ request }: LoaderFunctionArgs) {
  const customerId = await requireCustomer(request);
  requireCommerceFeature("savedCards");
  const now = new Date();
  const [cards, autoships] = await Promise.all([payments.listCards(customerId), autoshipsOf(customerId)]);
  return json(
    {
      cards: cards.map((card) => savedCardView(card, autoships, now, shopTimeZone())),
      ...expiryOptions(now),
    },
    { headers: { "Cache-Control": PRIVATE_NO_STORE } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const customerId = await requireCustomer(request);
  requireCommerceFeature("savedCards");
  const submission = parseWithZod(await readFormData(request), { schema: PaymentMethodActionSchema });
  // The card number and security code are never sent back to the page.
  const hideFields = SECRET_CARD_FIELDS;
  if (submission.status !== "success") {
    const intent = submission.payload.intent;
    // A default or remove without a usable token names no card of the customer's.
    if (intent === "make-default" || intent === "remove") throw pageNotFound(NOT_FOUND);
    if (intent === "add-card") return replyWith(submission, { hideFields });
    return replyWith(submission, { form: "add-card", formErrors: ["Reload the page and try again."], hideFields });
  }
  const input = submission.value;
  const done = async (notice: { tone: "success"; message: string }) =>
    redirect(PAGE, { headers: await commitNotice(request, notice) });

  switch (input.intent) {
    case "add-card": {
      const before = await payments.listCards(customerId);
      const result = await payments.tokenize({
        card: { number: input.cardNumber, expMonth: input.expMonth, expYear: input.expYear, cvc: input.cvc },
        customerId,
        makeDefault: input.makeDefault,
      });
      if (!result.ok) {
        const field = result.code === "expired_card" ? "expMonth" : "cardNumber";
        return replyWith(submission, { status: 422, fieldErrors: { [field]: [result.message] }, hideFields });
      }
      const alreadySaved = before.some((card) => card.id === result.tokenId);
      return done(paymentMethodNotice("add-card", result, alreadySaved));
    }
    case "make-default": {
      const card = (await payments.listCards(customerId)).find((c) => c.id === input.tokenId);
      if (!card || !(await payments.setDefaultCard(customerId, card.id))) throw pageNotFound(NOT_FOUND);
      return done(paymentMethodNotice("make-default", card));
    }
    case "remove": {
      const card = (await payments.listCards(customerId)).find((c) => c.id === input.tokenId);
      if (!card) throw pageNotFound(NOT_FOUND);
      const refusal = removeCardRefusal(card, await autoshipsOf(customerId), sitePolicy(getSite(request)).autoshipNoun);
      if (refusal) return replyWith(submission, { status: 409, target: card.id, formErrors: [refusal] });
      if (!(await payments.removeCard(customerId, card.id))) throw pageNotFound(NOT_FOUND);
      return done(paymentMethodNotice("remove", card));
    }
  }
}

type CardView = ReturnType<typeof useLoaderData<typeof loader>>["cards"][number];

export default function PaymentMethods() {
  const { cards, months, years } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = replyFor(answer, "remove");
  return (
    <div className="payment-methods">
      <h1>Payment Methods</h1>
      <section aria-labelledby="cards-title">
        <h2 id="cards-title">Your cards</h2>
        {cards.length === 0 ? (
          <p>You have no saved cards yet. Add one below, or save one at checkout.</p>
        ) : (
          <ul className="address-book__list">
            {cards.map((card) => (
              <SavedCardItem
                key={card.id}
                card={card}
                refusal={refused?.target === card.id ? (refused.error?.[""] ?? undefined) : undefined}
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="card-new-title" className="account-card">
        <h2 id="card-new-title">Add a card</h2>
        <AddCardForm months={months} years={years} />
      </section>
      <p>
        <Link to="/account/autoships">Choose the card of each autoship</Link>
      </p>
    </div>
  );
}

function SavedCardItem({ card, refusal }: { card: CardView; refusal: string[] | undefined }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("tokenId") === card.id;
  const titleId = `card-${card.id}-title`;
  return (
    <li className="account-card address-book__item">
      <article aria-labelledby={titleId}>
        <p>
          <strong id={titleId}>{card.label}</strong>
          {card.isDefault ? <span className="address-book__default">Default</span> : null}
        </p>
        <p>
          {card.expired ? (
            <strong>Expired {card.expiry}</strong>
          ) : (
            <>
              Expires <span data-testid="card-expiry">{card.expiry}</span>
            </>
          )}
        </p>
        {card.autoships.map((a) => (
          <p key={a.subscriptionId} className="notice notice--info" data-testid="card-notice">
            {a.productTitle}: {a.notice}
          </p>
        ))}
        <FormError errors={refusal} />
        <div className="address-book__actions">
          {card.isDefault ? null : (
            <Form method="post" action={PAGE}>
              <input type="hidden" name="intent" value="make-default" />
              <input type="hidden" name="tokenId" value={card.id} />
              <button type="submit" className="link-button" disabled={pending}>
                Make default<span className="visually-hidden"> {card.label}</span>
              </button>
            </Form>
          )}
          <Form method="post" action={PAGE}>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="tokenId" value={card.id} />
            <button type="submit" className="link-button" disabled={pending}>
              Remove<span className="visually-hidden"> {card.label}</span>
            </button>
          </Form>
        </div>
      </article>
    </li>
  );
}

type Option = { value: string; label: string };

function AddCardForm({ months, years }: { months: Option[]; years: Option[] }) {
  const [form, fields] = useForm({
    id: "card-new",
    lastResult: replyFor(useActionData<typeof action>(), "add-card"),
    constraint: getZodConstraint(AddCardSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddCardSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-card";
  return (
    <Form method="post" action={PAGE} {...getFormProps(form)} autoComplete="on">
      <input type="hidden" name="intent" value="add-card" />
      <FormError errors={form.errors} id={form.errorId} />
      <TextField field={fields.cardNumber} label="Card number" autoComplete="cc-number" inputMode="numeric" />
      <div className="field-row">
        <SelectField
          field={fields.expMonth}
          label="Expiry month"
          options={months}
          placeholder="Month"
          autoComplete="cc-exp-month"
        />
        <SelectField
          field={fields.expYear}
          label="Expiry year"
          options={years}
          placeholder="Year"
          autoComplete="cc-exp-year"
        />
        <TextField field={fields.cvc} label="Security code" autoComplete="cc-csc" inputMode="numeric" />
      </div>
      <CheckboxField field={fields.makeDefault} label="Make this my default card" />
      <button type="submit" className="button button--primary" disabled={busy} aria-disabled={busy}>
        {busy ? "Saving…" : "Add card"}
      </button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
