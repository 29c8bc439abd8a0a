// Checkout: contact, shipping address, delivery, payment, review and
// place order. Every step is a plain form post validated on the server with
// the step's zod schema; with JavaScript, conform validates the same schema as
// you type. The loader shows the first open step, or an earlier one to change.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { OrderAmountList } from "~/components/order-amounts";
import { AddressFields, CheckboxField, FieldError, FormError, TextField } from "~/components/form-field";
import { formatAddress, type PostalAddress } from "~/models/address";
import { orderType } from "~/models/checkout";
import {
  AddressSchema,
  CHECKOUT_STEPS,
  ContactSchema,
  deliveryEstimateMessage,
  firstOpenStep,
  parseExpiry,
  PaymentSchema,
  PlaceOrderSchema,
  ShippingSchema,
  STEP_LABELS,
  stepToShow,
  type CheckoutStep,
} from "~/models/checkout-forms";
import { formatMoney } from "~/models/money";
import { encodeRedirect } from "~/models/redirect-param";
import { env } from "~/env.server";
import { customers } from "~/services/customers/index.server";
import { cartIdCookie, commerce } from "~/services/commerce/index.server";
import {
  currentCart,
  commitNotice,
  getCustomerId,
  getSession,
  sessionStorage,
  setMemberLocation,
} from "~/services/http/index.server";
import { CheckoutError, checkouts } from "~/services/checkout/index.server";
import { getSite } from "~/services/site/index.server";
import { OrderError, rememberOrder } from "~/services/orders/index.server";
import { pageMeta } from "~/utils/meta";
import { staffMemberOf, staffProgram } from "~/services/staff/index.server";
import { readFormData } from "~/utils/form.server";

/** The shipping step's choice of a staff member's clinic (in place of an address-book id). */
const CLINIC_ADDRESS_ID = "clinic";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: "Checkout", noindex: true });

/** The cart to check out: the cookie's, or the one a checkoutUrl names (adopted when it may be). */
async function checkoutCart(request: Request, customerId: string | null) {
  const named = new URL(request.url).searchParams.get("cart");
  const site = getSite(request);
  if (named) {
    const cart = await commerce.getCart(named);
    if (cart && cart.site === site && (!cart.customerId || cart.customerId === customerId)) {
      return { cart, setCookie: await cartIdCookie.serialize(cart.id) };
    }
  }
  return { cart: await currentCart(request), setCookie: null };
}

/** Guests with an autoship line sign in first (catalogue spec section 5, fee-free-checkout flag). */
const AUTOSHIP_LOGIN_PATH = "/shelter/autoship-required-login";

export async function loader({ request }: LoaderFunctionArgs) {
  const site = getSite(request);
  const customerId = await getCustomerId(request);
  const { cart, setCookie } = await checkoutCart(request, customerId);
  // Nothing to check out (also after an order was placed, when a resubmit's answer is shown here).
  if (!cart || cart.lines.length === 0) return json({ empty: true as const });
  const hasAutoship = orderType(cart.lines) === "firstPurchaseSubscription";
  if (hasAutoship && !customerId && env.FEE_FREE_CHECKOUT) {
    throw redirect(`${AUTOSHIP_LOGIN_PATH}?redirect=${encodeRedirect("/checkout")}`);
  }
  const checkout = await checkouts.open({ cart, customerId });
  const open = firstOpenStep({
    email: checkout.email,
    shippingAddress: checkout.shippingAddress ? "set" : null,
    deliveryConfirmed: checkout.deliveryConfirmed,
    paymentTokenId: checkout.paymentTokenId,
  });
  const step = stepToShow(new URL(request.url).searchParams.get("step"), open);
  const [priced, addresses, cards] = await Promise.all([
    checkouts.price(checkout, cart),
    customerId ? customers.listAddresses(customerId) : [],
    customerId ? checkouts.savedCards(customerId) : [],
  ]);
  const address = checkout.shippingAddress;
  const member = await staffMemberOf(request);
  const clinic = member?.isRegistered ? member.clinic : null;
  return json(
    {
      empty: false as const,
      site,
      step,
      open,
      signedIn: customerId !== null,
      needsAccount: hasAutoship && !customerId,
      requireAttestation: site === "HPSF",
      checkout: {
        key: checkout.id,
        email: checkout.email,
        acceptsMarketing: checkout.acceptsMarketing,
        address,
        paymentSummary: checkout.paymentSummary,
      },
      lines: cart.lines.map((line, i) => ({
        id: line.id,
        title: line.productTitle,
        variantTitle: line.variantTitle,
        quantity: line.quantity,
        plan: line.sellingPlanName,
        unitPriceCents: priced.lines[i].unitPriceCents,
        subtotalCents: priced.lines[i].subtotalCents,
      })),
      amounts: priced,
      addressKnown: address !== null,
      delivery: address
        ? deliveryEstimateMessage({
            now: new Date(),
            businessDays: env.DELIVERY_BUSINESS_DAYS,
            userLocation: `${address.zip}::HOME`,
            provinceCode: address.provinceCode,
            hawaiiFlag: env.HAWAII_DELIVERY_DATE_HIDDEN,
          })
        : null,
      addresses: [
        // A staff-feeding member ships to their clinic, unless it is home-delivery-only (catalogue spec section 4).
        ...(clinic && !clinic.SFHomeDeliveryOnly
          ? [
              {
                id: CLINIC_ADDRESS_ID,
                label: `My clinic: ${clinic.name}, ${clinic.address1}, ${clinic.city}, ${clinic.provinceCode} ${clinic.zip}`,
              },
            ]
          : []),
        ...addresses.map((a) => ({ id: a.id, label: formatAddress(a) })),
      ],
      clinicNote:
        clinic?.SFHomeDeliveryOnly === true
          ? `${clinic.name} does not take staff deliveries: program orders ship to your home.`
          : null,
      preferHome: member?.preferredAddress === "home",
      cards: cards.map((c) => ({
        id: c.id,
        label: `${c.brand} ending ${c.last4}, expires ${String(c.expMonth).padStart(2, "0")}/${c.expYear}`,
      })),
    },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

type Reply = SubmissionResult<string[]> & { step?: CheckoutStep };

const nextStep = (step: CheckoutStep) => `/checkout?step=${CHECKOUT_STEPS[CHECKOUT_STEPS.indexOf(step) + 1]}`;

export async function action({ request }: ActionFunctionArgs) {
  const site = getSite(request);
  const customerId = await getCustomerId(request);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");

  if (intent === "place") {
    const submission = parseWithZod(formData, { schema: PlaceOrderSchema });
    if (submission.status !== "success") return json({ ...submission.reply(), step: "review" } as Reply, 400);
    try {
      const placed = await checkouts.placeOrder({
        key: submission.value.idempotencyKey,
        site,
        customerId,
        expectedTotalCents: submission.value.expectedTotalCents,
        attestation: submission.value.attestation,
        requireAttestation: site === "HPSF",
        readCart: (id) => commerce.getCart(id),
      });
      const session = await getSession(request);
      rememberOrder(session, placed.id);
      const headers = new Headers();
      headers.append("Set-Cookie", await sessionStorage.commitSession(session));
      headers.append("Set-Cookie", await cartIdCookie.serialize("", { maxAge: 0 }));
      return redirect(`/checkout/confirmation/${placed.id}`, { headers });
    } catch (error) {
      if (error instanceof CheckoutError || error instanceof OrderError) {
        const status =
          error instanceof CheckoutError
            ? error.status
            : ({ PAYMENT_DECLINED: 402, QUOTA_EXCEEDED: 422 }[error.code as string] ?? 409);
        const field = error.field === "attestation" ? "attestation" : null;
        return json(
          {
            ...submission.reply(
              field ? { fieldErrors: { [field]: [error.message] } } : { formErrors: [error.message] },
            ),
            step: "review",
          } as Reply,
          status,
        );
      }
      throw error;
    }
  }

  const { cart } = await checkoutCart(request, customerId);
  if (!cart || cart.lines.length === 0) {
    throw redirect("/cart", {
      headers: await commitNotice(request, { tone: "info", message: "Your cart is empty: add something first." }),
    });
  }
  const checkout = await checkouts.open({ cart, customerId });
  const step = intent as CheckoutStep;
  // Steps are done in order: a post for a later step goes back to the first open one.
  const open = firstOpenStep({ ...checkout, shippingAddress: checkout.shippingAddress ? "set" : null });
  if (CHECKOUT_STEPS.indexOf(step) > CHECKOUT_STEPS.indexOf(open)) throw redirect(`/checkout?step=${open}`);
  const schema = {
    contact: ContactSchema,
    shipping: ShippingSchema,
    delivery: null,
    payment: PaymentSchema,
    review: null,
  }[step];
  if (step === "delivery") {
    try {
      await checkouts.confirmDelivery(checkout.id, customerId);
    } catch (error) {
      if (error instanceof CheckoutError) throw redirect("/checkout?step=shipping");
      throw error;
    }
    return redirect(nextStep("delivery"));
  }
  if (!schema) return json({ status: "error", error: { "": ["Unknown checkout step."] } } as Reply, 400);

  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return json({ ...submission.reply(), step } as Reply, 400);
  try {
    const value = submission.value;
    if ("email" in value) {
      await checkouts.saveContact(checkout.id, customerId, value);
    } else if ("addressChoice" in value) {
      if (value.addressChoice === "saved" && value.addressId === CLINIC_ADDRESS_ID) {
        await checkouts.saveShipping(checkout.id, customerId, { clinic: true });
      } else if (value.addressChoice === "saved") {
        await checkouts.saveShipping(checkout.id, customerId, { addressId: value.addressId });
      } else {
        const { addressChoice: _choice, ...address } = value;
        await checkouts.saveShipping(checkout.id, customerId, { address: address as PostalAddress });
      }
    } else if ("paymentChoice" in value) {
      if (value.paymentChoice === "saved") {
        await checkouts.savePayment(checkout.id, customerId, { tokenId: value.tokenId });
      } else {
        const expiry = parseExpiry(value.expiry)!;
        await checkouts.savePayment(checkout.id, customerId, {
          card: { number: value.cardNumber, expMonth: expiry.month, expYear: expiry.year, cvc: value.cvc },
        });
      }
    }
  } catch (error) {
    if (error instanceof CheckoutError) {
      const reply = error.field
        ? submission.reply({ fieldErrors: { [error.field]: [error.message] } })
        : submission.reply({ formErrors: [error.message] });
      return json({ ...reply, step } as Reply, error.status);
    }
    throw error;
  }
  const headers = new Headers();
  const shopper = step === "shipping" ? await staffMemberOf(request) : null;
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

type LoaderData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { empty: false }>;

export default function CheckoutPage() {
  const data = useLoaderData<typeof loader>();
  if (data.empty) return <EmptyCheckout />;
  return <CheckoutSteps data={data} />;
}

/** No cart: say so, with the answer to a post that came too late (a resubmit after the order, say). */
function EmptyCheckout() {
  const reply = useActionData<typeof action>() as Reply | undefined;
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

function CheckoutSteps({ data }: { data: LoaderData }) {
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
        <section aria-labelledby="checkout-step-title" className="checkout-step">
          <CompletedSteps data={data} />
          <h2 id="checkout-step-title">{STEP_LABELS[step]}</h2>
          {step === "contact" ? <ContactStep data={data} /> : null}
          {step === "shipping" ? <ShippingStep data={data} /> : null}
          {step === "delivery" ? <DeliveryStep data={data} /> : null}
          {step === "payment" ? <PaymentStep data={data} /> : null}
          {step === "review" ? <ReviewStep data={data} /> : null}
        </section>
        <OrderSummary data={data} />
      </div>
    </div>
  );
}

/** The steps done before this one, each with a link to change it. */
function CompletedSteps({ data }: { data: LoaderData }) {
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

/** The action's reply for this step only (another step's errors never show here). */
function useStepReply(step: CheckoutStep) {
  const reply = useActionData<typeof action>() as Reply | undefined;
  return reply?.step === step ? reply : undefined;
}

function SubmitButton({ children }: { children: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <button type="submit" className="button button--primary button--large" disabled={busy} aria-disabled={busy}>
      {busy ? "Saving…" : children}
    </button>
  );
}

function ContactStep({ data }: { data: LoaderData }) {
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

function ShippingStep({ data }: { data: LoaderData }) {
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

function DeliveryStep({ data }: { data: LoaderData }) {
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

function PaymentStep({ data }: { data: LoaderData }) {
  const [choice, setChoice] = useState(data.cards.length > 0 ? "saved" : "new");
  const hydrated = useHydrated();
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
        <TextField field={fields.nameOnCard} label="Name on card" autoComplete="cc-name" />
        <TextField field={fields.cardNumber} label="Card number" autoComplete="cc-number" inputMode="numeric" />
        <div className="field-row">
          <TextField field={fields.expiry} label="Expiry (MM/YY)" autoComplete="cc-exp" inputMode="numeric" />
          <TextField field={fields.cvc} label="Security code" autoComplete="cc-csc" inputMode="numeric" />
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

function ReviewStep({ data }: { data: LoaderData }) {
  const [form, fields] = useForm({
    id: "checkout-place",
    lastResult: useStepReply("review"),
    constraint: getZodConstraint(PlaceOrderSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PlaceOrderSchema }),
  });
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="place" />
      <input {...getInputProps(fields.idempotencyKey, { type: "hidden" })} value={data.checkout.key} />
      <input {...getInputProps(fields.expectedTotalCents, { type: "hidden" })} value={data.amounts.totalCents} />
      <FormError errors={form.errors} id={form.errorId} />
      <p>Check your order, then place it. Your card is charged {formatMoney(data.amounts.totalCents)}.</p>
      {data.requireAttestation ? (
        <CheckboxField
          field={fields.attestation}
          label="I confirm this food is for my own pets, as the staff-feeding program requires."
        />
      ) : null}
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

function OrderSummary({ data }: { data: LoaderData }) {
  const a = data.amounts;
  return (
    <aside className="checkout-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">Order summary</h2>
      <ul className="checkout-summary__lines">
        {data.lines.map((line) => (
          <li key={line.id}>
            <span>
              {line.quantity} × {line.title}
              <small>
                {line.variantTitle}
                {line.plan ? ` · Autoship ${line.plan.toLowerCase()}` : ""}
              </small>
            </span>
            <span>{formatMoney(line.subtotalCents)}</span>
          </li>
        ))}
      </ul>
      <OrderAmountList amounts={{ ...a, discountCodes: a.appliedCodes }} taxPending={!data.addressKnown} />
    </aside>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
