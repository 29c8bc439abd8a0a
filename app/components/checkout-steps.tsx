// The checkout page's steps (catalogue spec section 4): each step is a plain form post
// validated on the server with its zod schema (app/models/checkout-forms.ts); with
// JavaScript, conform validates the same schema as you type.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { AddressFields, CheckboxField, FieldError, FormError, inputProps, TextField } from "~/components/form-field";
import { CheckoutSummary } from "~/components/checkout-summary";
import { formatAddress } from "~/models/address";
import {
  AddressSchema,
  ATTESTATION_LABEL,
  CHECKOUT_STEPS,
  CLINIC_ADDRESS_ID,
  ContactSchema,
  PaymentSchema,
  PlaceOrderSchema,
  ShippingSchema,
  STEP_LABELS,
  type CheckoutStep,
} from "~/models/checkout-forms";
import type { CheckoutPageData } from "~/models/checkout-page";
import { formatMoney } from "~/models/money";
import { replyFor, type ActionReply } from "~/utils/form";

type Data = SerializeFrom<CheckoutPageData>;

/** No cart: say so, with the answer to a post that came too late (a resubmit after the order, say). */
export function EmptyCheckout() {
  const reply = useActionData<ActionReply>();
  return (
    <div className="container checkout-page">
      <h1>Checkout</h1>
      <FormError errors={reply?.error?.[""] ?? undefined} />
      <p>There is nothing in your cart to check out.</p>
      <p>
        <Link to="/cart" className="button button--primary">
          Go to your cart
        </Link>
      </p>
    </div>
  );
}

export function CheckoutSteps({
  data,
  donation,
}: {
  data: Data;
  /** The donation panel, shown at the review step before the order is placed; null when hidden. */
  donation?: ReactNode;
}) {
  const { step } = data;
  const done = (s: CheckoutStep) => CHECKOUT_STEPS.indexOf(s) < CHECKOUT_STEPS.indexOf(data.open) && s !== step;
  return (
    <div className="container checkout-page">
      <h1>Checkout</h1>
      <nav aria-label="Checkout steps">
        <ol className="checkout-steps">
          {CHECKOUT_STEPS.map((s, i) => (
            <li key={s} aria-current={s === step ? "step" : undefined} className={done(s) ? "is-done" : undefined}>
              {CHECKOUT_STEPS.indexOf(s) <= CHECKOUT_STEPS.indexOf(data.open) && s !== step ? (
                <Link to={`/checkout?step=${s}`}>
                  {i + 1}. {STEP_LABELS[s]}
                </Link>
              ) : (
                <span>
                  {i + 1}. {STEP_LABELS[s]}
                </span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className="checkout-page__layout">
        <CheckoutSummary data={data} />
        <section aria-labelledby="checkout-step-title" className="checkout-step">
          {/* First in the step, before the steps done (docs/rules.md "Focus and announcements"): with
              JavaScript focus moves here after each step and the page title ("Step 2 of 5: …") is announced. */}
          <h2 id="checkout-step-title" tabIndex={-1} data-route-focus="">
            {STEP_LABELS[step]}
          </h2>
          <CompletedSteps data={data} />
          {step === "contact" ? <ContactStep data={data} /> : null}
          {step === "shipping" ? <ShippingStep data={data} /> : null}
          {step === "delivery" ? <DeliveryStep data={data} /> : null}
          {step === "payment" ? <PaymentStep data={data} /> : null}
          {step === "review" ? (
            <>
              {donation}
              <ReviewStep data={data} />
            </>
          ) : null}
        </section>
      </div>
    </div>
  );
}

/** The steps done before this one, each with a link to change it. */
function CompletedSteps({ data }: { data: Data }) {
  const before = CHECKOUT_STEPS.slice(0, CHECKOUT_STEPS.indexOf(data.step));
  if (before.length === 0) return null;
  const summary: Record<CheckoutStep, string | null> = {
    contact: data.checkout.email,
    shipping: data.checkout.address ? formatAddress(data.checkout.address) : null,
    delivery: data.delivery,
    payment: data.checkout.paymentSummary,
    review: null,
  };
  return (
    <dl className="checkout-done">
      {before.map((s) => (
        <div key={s} className="checkout-done__row">
          <dt>{STEP_LABELS[s]}</dt>
          <dd>{summary[s]}</dd>
          <dd>
            <Link to={`/checkout?step=${s}`} aria-label={`Change ${STEP_LABELS[s].toLowerCase()}`}>
              Change
            </Link>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The action's reply to this form only (another step's errors never show here). */
const useStepReply = (intent: string) => replyFor(useActionData(), intent);

function SubmitButton({ children }: { children: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <button type="submit" className="button button--primary button--large" disabled={busy} aria-disabled={busy}>
      {busy ? "Saving…" : children}
    </button>
  );
}

function ContactStep({ data }: { data: Data }) {
  const [form, fields] = useForm({
    id: "checkout-contact",
    lastResult: useStepReply("contact"),
    constraint: getZodConstraint(ContactSchema),
    defaultValue: { email: data.checkout.email ?? "", acceptsMarketing: data.checkout.acceptsMarketing ? "on" : "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="contact" />
      {data.needsAccount ? (
        <p className="notice notice--info">
          Autoship needs an account. <Link to="/shelter/autoship-required-login">Sign in</Link> to order it, or change
          the autoship items to one-time purchases in your <Link to="/cart">cart</Link>.
        </p>
      ) : null}
      <FormError errors={form.errors} id={form.errorId} />
      <TextField field={fields.email} label="Email address" type="email" autoComplete="email" />
      <CheckboxField field={fields.acceptsMarketing} label="Email me news and offers" />
      <SubmitButton>Continue to shipping</SubmitButton>
    </Form>
  );
}

function ShippingStep({ data }: { data: Data }) {
  const a = data.checkout.address;
  const [choice, setChoice] = useState(data.addresses.length > 0 ? "saved" : "new");
  // A member who prefers home starts on their first home address rather than the clinic.
  const firstChecked =
    data.preferHome && data.addresses.length > 1 && data.addresses[0].id === CLINIC_ADDRESS_ID ? 1 : 0;
  // Without JavaScript the new-address fields always show: nothing could reveal them.
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "checkout-shipping",
    lastResult: useStepReply("shipping"),
    constraint: getZodConstraint(AddressSchema),
    defaultValue: {
      firstName: a?.firstName ?? "",
      lastName: a?.lastName ?? "",
      company: a?.company ?? "",
      address1: a?.address1 ?? "",
      address2: a?.address2 ?? "",
      city: a?.city ?? "",
      provinceCode: a?.provinceCode ?? "",
      zip: a?.zip ?? "",
      phone: a?.phone ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ShippingSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="shipping" />
      <FormError errors={form.errors} id={form.errorId} />
      {data.clinicNote ? <p className="checkout-note">{data.clinicNote}</p> : null}
      {data.addresses.length > 0 ? (
        <fieldset className="checkout-choice">
          <legend>Ship to</legend>
          {[...data.addresses, { id: "new", label: "A new address" }].map((address, i) => (
            <label key={address.id} className="checkout-choice__option">
              <input
                type="radio"
                name="addressId"
                value={address.id}
                defaultChecked={i === firstChecked}
                onChange={() => setChoice(address.id === "new" ? "new" : "saved")}
              />{" "}
              {address.label}
            </label>
          ))}
          <FieldError field={fields.addressId} />
        </fieldset>
      ) : null}
      {/* Without JavaScript these fields are always there; the chosen radio (a saved address or "new") decides. */}
      <fieldset className="checkout-address" hidden={hydrated && choice === "saved" && data.addresses.length > 0}>
        <legend className="visually-hidden">New address</legend>
        <AddressFields fields={fields} section="shipping" />
      </fieldset>
      <SubmitButton>Continue to delivery</SubmitButton>
    </Form>
  );
}

function DeliveryStep({ data }: { data: Data }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="delivery" />
      <p className="checkout-delivery">
        <strong>Standard delivery</strong>
        {" · "}
        {data.amounts.shippingCents === 0 ? "Free" : formatMoney(data.amounts.shippingCents)}
      </p>
      <p>{data.delivery}</p>
      <SubmitButton>Continue to payment</SubmitButton>
    </Form>
  );
}

function PaymentStep({ data }: { data: Data }) {
  const [choice, setChoice] = useState(data.cards.length > 0 ? "saved" : "new");
  const hydrated = useHydrated();
  // Without JavaScript and with saved cards, the new card's fields stay optional (the radio decides).
  const needsCard = data.cards.length === 0 || (hydrated && choice === "new");
  const [form, fields] = useForm({
    id: "checkout-payment",
    lastResult: useStepReply("payment"),
    constraint: getZodConstraint(PaymentSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PaymentSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} autoComplete="on">
      <input type="hidden" name="intent" value="payment" />
      <FormError errors={form.errors} id={form.errorId} />
      {data.cards.length > 0 ? (
        <fieldset className="checkout-choice">
          <legend>Pay with</legend>
          {[...data.cards, { id: "new", label: "A new card" }].map((card, i) => (
            <label key={card.id} className="checkout-choice__option">
              <input
                type="radio"
                name="tokenId"
                value={card.id}
                defaultChecked={i === 0}
                onChange={() => setChoice(card.id === "new" ? "new" : "saved")}
              />{" "}
              {card.label}
            </label>
          ))}
          <FieldError field={fields.tokenId} />
        </fieldset>
      ) : null}
      <fieldset className="checkout-card" hidden={hydrated && choice === "saved" && data.cards.length > 0}>
        <legend className="visually-hidden">New card</legend>
        {/* The schema cannot say it (the fields belong to one branch of a union): a new card's fields are
            needed when there is no saved card, or a new card is chosen (docs/rules.md "Cart on a phone"). */}
        <TextField field={fields.nameOnCard} label="Name on card" autoComplete="cc-name" required={needsCard} />
        <TextField
          field={fields.cardNumber}
          label="Card number"
          autoComplete="cc-number"
          inputMode="numeric"
          required={needsCard}
        />
        <div className="field-row">
          <TextField
            field={fields.expiry}
            label="Expiry (MM/YY)"
            autoComplete="cc-exp"
            inputMode="numeric"
            required={needsCard}
          />
          <TextField
            field={fields.cvc}
            label="Security code"
            autoComplete="cc-csc"
            inputMode="numeric"
            required={needsCard}
          />
        </div>
        <p className="field__hint">
          {data.signedIn
            ? "The card is saved to your account for autoship deliveries."
            : "Your card is charged when you place the order."}
        </p>
      </fieldset>
      <SubmitButton>Continue to review</SubmitButton>
    </Form>
  );
}

function ReviewStep({ data }: { data: Data }) {
  const [form, fields] = useForm({
    id: "checkout-place",
    lastResult: useStepReply("place"),
    constraint: getZodConstraint(PlaceOrderSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PlaceOrderSchema }),
  });
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="place" />
      <input {...inputProps(fields.idempotencyKey, { type: "hidden" })} value={data.checkout.key} />
      <input {...inputProps(fields.expectedTotalCents, { type: "hidden" })} value={data.amounts.totalCents} />
      <FormError errors={form.errors} id={form.errorId} />
      <p>Check your order, then place it. Your card is charged {formatMoney(data.amounts.totalCents)}.</p>
      {data.requiresAttestation ? <CheckboxField field={fields.attestation} label={ATTESTATION_LABEL} /> : null}
      <button
        type="submit"
        className="button button--primary button--large"
        disabled={busy}
        aria-disabled={busy}
        data-testid="place-order"
      >
        {busy ? "Placing your order…" : "Place order"}
      </button>
    </Form>
  );
}
