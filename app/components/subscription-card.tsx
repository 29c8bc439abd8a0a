// One subscription of My Autoships / My Subscriptions (docs/rules.md "Autoship"): its
// picture, product, variant, price per order with the Autoship saving, and a summary
// (quantity, frequency, next order, card, delivery address), then its changes in three
// groups (schedule, what comes, delivery and payment), skip and order now up front, and
// cancel last, behind a disclosure that asks for the reason and confirms with a
// destructive button (no JavaScript needed). The flag of a card that expires before the
// next order shows at the top (docs/rules.md "Saved cards"). Each form is a plain post
// with a hidden `intent` and `subscriptionId`, validated in the browser by its schema
// (app/models/autoship-forms.ts); the action's reply shows beside the field of this
// subscription's form.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { FieldError, FormError, inputProps, SelectField, selectProps, TextAreaField } from "~/components/form-field";
import { ResponsiveImage } from "~/components/responsive-image";
import {
  CANCEL_REASONS,
  CancelSchema,
  ChangeAddressSchema,
  ChangeCardSchema,
  DateSchema,
  FrequencySchema,
  longDate,
  QuantitySchema,
  SwapVariantSchema,
  type AutoshipIntent,
} from "~/models/autoship-forms";
import { MAX_AUTOSHIP_PER_LINE, MIN_QUANTITY } from "~/models/cart-limits";
import { replyFor, type ActionReply } from "~/utils/form";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

/** A subscription as the page shows it. */
export interface SubscriptionView {
  id: string;
  productTitle: string;
  variantTitle: string;
  /** The variant's (or else the product's) first picture. */
  image: { url: string; alt: string } | null;
  quantity: number;
  weightEach: string;
  weightTotal: string;
  /** One order's price, written by the server; `regular` and `saving` are null where the site hides savings. */
  price: { perOrder: string; regular: string | null; saving: string | null };
  sellingPlanId: string;
  frequency: string;
  /** YYYY-MM-DD */
  nextOrderDate: string;
  cancelled: boolean;
  cancelReason: string | null;
  /** The saved card its orders are charged to. */
  paymentTokenId: string | null;
  /** The delivery address on one line, or null when none is kept. */
  addressLine: string | null;
  /** The other sizes and flavors of the product; out-of-stock ones are offered disabled. */
  swapOptions: SwapOption[];
  /** The expiring-card flag (`expiringCardNotice`), or null when the card works on the next order. */
  cardNotice: string | null;
}

export type PlanOption = { value: string; label: string };
export type DateBounds = { min: string; max: string };
/** A saved card as a choice: its token and "Visa ending 4242, expires 12/2027". */
export type CardOption = { value: string; label: string };
/** An address book entry as a choice: its id and the address on one line. */
export type AddressOption = { value: string; label: string };
/** A variant to swap to: its id, title, and whether it can be chosen now. */
export type SwapOption = { value: string; label: string; disabled: boolean };

interface CardProps {
  sub: SubscriptionView;
  plans: PlanOption[];
  dateBounds: DateBounds;
  /** The customer's saved cards. */
  cards: CardOption[];
  /** The customer's address book. */
  addresses: AddressOption[];
  /** The site's name for a subscription (site policy `autoshipNoun`). */
  noun: string;
  /** The action's reply when it answered one of this subscription's forms. */
  answer: ActionReply | undefined;
}

export function SubscriptionCard({ sub, plans, dateBounds, cards, addresses, noun, answer }: CardProps) {
  const titleId = `subscription-${sub.id}-title`;
  const zone = useShopTimeZone();
  const resultFor = (intent: AutoshipIntent) => replyFor(answer, intent);
  const paidWith = cards.find((card) => card.value === sub.paymentTokenId);
  const group = (name: string) => `subscription-${sub.id}-${name}`;
  return (
    <article
      aria-labelledby={titleId}
      className={`subscription-card${sub.cancelled ? " subscription-card--cancelled" : ""}`}
      id={`subscription-${sub.id}`}
    >
      <header className="subscription-card__head">
        {sub.image ? (
          // A 96 px square box (docs/rules.md "Pictures and their ratios"), at ladder widths for 1x and 2x screens.
          <ResponsiveImage
            src={sub.image.url}
            alt=""
            width={96}
            height={96}
            widths={SUBSCRIPTION_IMAGE_WIDTHS}
            sizes="96px"
            className="subscription-card__image"
          />
        ) : (
          <span className="subscription-card__image subscription-card__image--none" aria-hidden="true" />
        )}
        <div className="subscription-card__title">
          <h2 id={titleId}>{sub.productTitle}</h2>
          <p className="subscription-card__variant">{sub.variantTitle}</p>
          <p className={`subscription-card__badge subscription-card__badge--${sub.cancelled ? "cancelled" : "active"}`}>
            {sub.cancelled ? "Cancelled" : "Active"}
          </p>
        </div>
        <p className="subscription-card__price" data-testid="subscription-price">
          <strong>{sub.price.perOrder}</strong>
          <span className="subscription-card__per"> per order</span>
          {sub.price.saving ? (
            <>
              {" "}
              <s className="subscription-card__regular">
                <span className="visually-hidden">was </span>
                {sub.price.regular}
              </s>{" "}
              <span className="subscription-card__saving">You save {sub.price.saving} with Autoship</span>
            </>
          ) : null}
        </p>
      </header>
      <FormError errors={answer?.error?.[""] ?? undefined} />
      {sub.cardNotice ? (
        <p className="notice notice--info subscription-card__card-notice" data-testid="card-notice">
          {sub.cardNotice}
        </p>
      ) : null}
      <dl className="subscription-card__facts">
        <div>
          <dt>Quantity</dt>
          <dd>{sub.quantity}</dd>
        </div>
        <div>
          <dt>Weight</dt>
          <dd>
            {sub.weightTotal}
            {sub.quantity > 1 ? ` (${sub.quantity} × ${sub.weightEach})` : ""}
          </dd>
        </div>
        <div>
          <dt>Frequency</dt>
          <dd>{sub.frequency}</dd>
        </div>
        <div>
          <dt>Next order</dt>
          <dd>{sub.cancelled ? "None while cancelled" : longDate(sub.nextOrderDate, zone)}</dd>
        </div>
        <div>
          <dt>Paid with</dt>
          <dd>{paidWith?.label ?? "No saved card"}</dd>
        </div>
        <div className="subscription-card__fact--wide">
          <dt>Deliver to</dt>
          <dd>{sub.addressLine ?? "No address"}</dd>
        </div>
        <div className="subscription-card__fact--wide">
          <dt>Status</dt>
          <dd data-testid="subscription-status">
            {sub.cancelled ? `Cancelled${sub.cancelReason ? `: ${sub.cancelReason}` : ""}` : "Active"}
          </dd>
        </div>
      </dl>

      {sub.cancelled ? (
        <div className="subscription-card__quick">
          <ButtonForm sub={sub} intent="reactivate" label={`Reactivate ${noun}`} primary />
        </div>
      ) : (
        <>
          <div className="subscription-card__quick">
            <ButtonForm sub={sub} intent="skip-next" label="Skip next order" />
            <ButtonForm sub={sub} intent="order-now" label="Order now" primary />
          </div>
          <div className="subscription-card__groups">
            <section aria-labelledby={group("schedule")} className="subscription-card__group">
              <h3 id={group("schedule")}>Schedule</h3>
              <FrequencyForm sub={sub} plans={plans} lastResult={resultFor("change-frequency")} />
              <DateForm sub={sub} bounds={dateBounds} lastResult={resultFor("change-date")} />
            </section>
            <section aria-labelledby={group("items")} className="subscription-card__group">
              <h3 id={group("items")}>What comes</h3>
              <QuantityForm sub={sub} lastResult={resultFor("change-quantity")} />
              {sub.swapOptions.length > 0 ? <SwapForm sub={sub} lastResult={resultFor("swap-variant")} /> : null}
            </section>
            <section aria-labelledby={group("delivery")} className="subscription-card__group">
              <h3 id={group("delivery")}>Delivery and payment</h3>
              {addresses.length > 0 ? (
                <AddressForm sub={sub} addresses={addresses} lastResult={resultFor("change-address")} />
              ) : (
                <p className="subscription-card__hint">
                  <Link to="/account/address-book">Add an address</Link> to deliver somewhere else.
                </p>
              )}
              {cards.length > 0 ? <CardForm sub={sub} cards={cards} lastResult={resultFor("change-card")} /> : null}
            </section>
          </div>
          <CancelForm sub={sub} noun={noun} lastResult={resultFor("cancel")} />
        </>
      )}
    </article>
  );
}

/** The picture's widths for 1x and 2x screens of a 96 px box. */
const SUBSCRIPTION_IMAGE_WIDTHS = [100, 180, 320];

/** The hidden fields every form of a card carries. */
function Hidden({ sub, intent }: { sub: SubscriptionView; intent: AutoshipIntent }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="subscriptionId" value={sub.id} />
    </>
  );
}

function Submit({
  children,
  intent,
  sub,
  tone,
}: {
  children: string;
  intent: AutoshipIntent;
  sub: SubscriptionView;
  tone?: "primary" | "danger";
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("subscriptionId") === sub.id;
  return (
    <button type="submit" className={`button${tone ? ` button--${tone}` : ""}`} disabled={busy} aria-disabled={busy}>
      {busy ? "Saving…" : children}
    </button>
  );
}

function ButtonForm({
  sub,
  intent,
  label,
  primary = false,
}: {
  sub: SubscriptionView;
  intent: AutoshipIntent;
  label: string;
  primary?: boolean;
}) {
  return (
    <Form method="post" className="subscription-card__button-form">
      <Hidden sub={sub} intent={intent} />
      <Submit intent={intent} sub={sub} tone={primary ? "primary" : undefined}>
        {label}
      </Submit>
    </Form>
  );
}

function FrequencyForm({
  sub,
  plans,
  lastResult,
}: {
  sub: SubscriptionView;
  plans: PlanOption[];
  lastResult?: ActionReply;
}) {
  const [form, fields] = useForm({
    id: `frequency-${sub.id}`,
    lastResult,
    defaultValue: { sellingPlanId: sub.sellingPlanId },
    constraint: getZodConstraint(FrequencySchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: FrequencySchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="subscription-card__form" {...getFormProps(form)}>
      <Hidden sub={sub} intent="change-frequency" />
      <SelectField field={fields.sellingPlanId} label="Deliver" options={plans} />
      <Submit intent="change-frequency" sub={sub}>
        Change frequency
      </Submit>
    </Form>
  );
}

function QuantityForm({ sub, lastResult }: { sub: SubscriptionView; lastResult?: ActionReply }) {
  const [form, fields] = useForm({
    id: `quantity-${sub.id}`,
    lastResult,
    defaultValue: { quantity: String(sub.quantity) },
    constraint: getZodConstraint(QuantitySchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: QuantitySchema }),
    shouldValidate: "onSubmit",
  });
  const options = Array.from({ length: MAX_AUTOSHIP_PER_LINE - MIN_QUANTITY + 1 }, (_, i) => {
    const value = String(MIN_QUANTITY + i);
    return { value, label: value };
  });
  return (
    <Form method="post" className="subscription-card__form" {...getFormProps(form)}>
      <Hidden sub={sub} intent="change-quantity" />
      <SelectField field={fields.quantity} label="Quantity per order" options={options} />
      <Submit intent="change-quantity" sub={sub}>
        Change quantity
      </Submit>
    </Form>
  );
}

function DateForm({
  sub,
  bounds,
  lastResult,
}: {
  sub: SubscriptionView;
  bounds: DateBounds;
  lastResult?: ActionReply;
}) {
  const [form, fields] = useForm({
    id: `date-${sub.id}`,
    lastResult,
    defaultValue: { nextOrderDate: sub.nextOrderDate },
    constraint: getZodConstraint(DateSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DateSchema }),
    shouldValidate: "onSubmit",
  });
  const field = fields.nextOrderDate;
  return (
    <Form method="post" className="subscription-card__form" {...getFormProps(form)}>
      <Hidden sub={sub} intent="change-date" />
      <div className="field">
        <label htmlFor={field.id}>Next order date</label>
        <input {...inputProps(field, { type: "date" })} min={bounds.min} max={bounds.max} />
        <FieldError field={field} />
      </div>
      <Submit intent="change-date" sub={sub}>
        Change date
      </Submit>
    </Form>
  );
}

/** The card the autoship is paid with: one of the customer's saved cards (added on Payment Methods). */
function CardForm({
  sub,
  cards,
  lastResult,
}: {
  sub: SubscriptionView;
  cards: CardOption[];
  lastResult?: ActionReply;
}) {
  const current = cards.some((card) => card.value === sub.paymentTokenId) ? sub.paymentTokenId : undefined;
  const [form, fields] = useForm({
    id: `card-${sub.id}`,
    lastResult,
    defaultValue: { tokenId: current ?? "" },
    constraint: getZodConstraint(ChangeCardSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangeCardSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="subscription-card__form" {...getFormProps(form)}>
      <Hidden sub={sub} intent="change-card" />
      <SelectField
        field={fields.tokenId}
        label="Pay with"
        options={cards}
        placeholder={current ? undefined : "Choose a card"}
      />
      <Submit intent="change-card" sub={sub}>
        Change card
      </Submit>
    </Form>
  );
}

/**
 * Cancel, the destructive change: closed until asked for, it names what stops, asks for a
 * reason from the list and an optional note, and confirms with a red button. A refused
 * post opens it again with the error beside the field.
 */
function CancelForm({ sub, noun, lastResult }: { sub: SubscriptionView; noun: string; lastResult?: ActionReply }) {
  const [form, fields] = useForm({
    id: `cancel-${sub.id}`,
    lastResult,
    constraint: getZodConstraint(CancelSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CancelSchema }),
    shouldValidate: "onSubmit",
  });
  const reason = fields.cancelReason;
  return (
    <details className="subscription-card__cancel" open={lastResult ? true : undefined}>
      <summary>Cancel this {noun}</summary>
      <Form method="post" className="subscription-card__cancel-form" {...getFormProps(form)}>
        <Hidden sub={sub} intent="cancel" />
        <p className="subscription-card__warning">
          No more orders of {sub.productTitle} will be placed. You can reactivate it here later.
        </p>
        <div className="field">
          <label htmlFor={reason.id}>Why are you cancelling?</label>
          <select {...selectProps(reason, { placeholder: true })}>
            <option value="">Choose a reason</option>
            {CANCEL_REASONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          <FieldError field={reason} />
        </div>
        <TextAreaField field={fields.cancelNote} label="Anything else we should know?" rows={2} />
        <Submit intent="cancel" sub={sub} tone="danger">
          {`Cancel ${noun}`}
        </Submit>
      </Form>
    </details>
  );
}

/** Another size or flavor of the same product; out-of-stock ones show, disabled. */
function SwapForm({ sub, lastResult }: { sub: SubscriptionView; lastResult?: ActionReply }) {
  const [form, fields] = useForm({
    id: `swap-${sub.id}`,
    lastResult,
    constraint: getZodConstraint(SwapVariantSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SwapVariantSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="subscription-card__form" {...getFormProps(form)}>
      <Hidden sub={sub} intent="swap-variant" />
      <SelectField
        field={fields.variantId}
        label="Size or flavor"
        options={sub.swapOptions}
        placeholder={`Keep ${sub.variantTitle}`}
      />
      <Submit intent="swap-variant" sub={sub}>
        Swap
      </Submit>
    </Form>
  );
}

/** Where the orders go: an address of the customer's address book (added on Address Book). */
function AddressForm({
  sub,
  addresses,
  lastResult,
}: {
  sub: SubscriptionView;
  addresses: AddressOption[];
  lastResult?: ActionReply;
}) {
  const current = addresses.find((a) => a.label === sub.addressLine)?.value;
  const [form, fields] = useForm({
    id: `address-${sub.id}`,
    lastResult,
    defaultValue: { addressId: current ?? "" },
    constraint: getZodConstraint(ChangeAddressSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangeAddressSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="subscription-card__form" {...getFormProps(form)}>
      <Hidden sub={sub} intent="change-address" />
      <SelectField
        field={fields.addressId}
        label="Delivery address"
        options={addresses}
        placeholder={current ? undefined : "Choose an address"}
      />
      <Submit intent="change-address" sub={sub}>
        Change address
      </Submit>
    </Form>
  );
}
