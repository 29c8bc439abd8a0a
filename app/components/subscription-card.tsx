// One subscription of My Autoships / My Subscriptions: its facts and one small form per
// change (frequency, quantity, next date, the card it is paid with, skip, order now, cancel
// with a reason, or reactivate), and the flag of a card that expires before the next order
// (docs/rules.md "Saved cards"). Each form is a plain post with a hidden `intent` and `subscriptionId`,
// validated in the browser by its schema (app/models/autoship-forms.ts); the action's
// reply shows beside the field of this subscription's form.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { FieldError, FormError, inputProps, SelectField, selectProps } from "~/components/form-field";
import {
  CANCEL_REASONS,
  CancelSchema,
  ChangeCardSchema,
  DateSchema,
  FrequencySchema,
  longDate,
  QuantitySchema,
  type AutoshipIntent,
} from "~/models/autoship-forms";
import { MAX_AUTOSHIP_PER_LINE, MIN_QUANTITY } from "~/models/cart-limits";
import { replyFor, type ActionReply } from "~/utils/form";

/** A subscription as the page shows it. */
export interface SubscriptionView {
  id: string;
  productTitle: string;
  variantTitle: string;
  quantity: number;
  weightEach: string;
  weightTotal: string;
  sellingPlanId: string;
  frequency: string;
  /** YYYY-MM-DD */
  nextOrderDate: string;
  cancelled: boolean;
  cancelReason: string | null;
  /** The saved card its orders are charged to. */
  paymentTokenId: string | null;
  /** The expiring-card flag (`expiringCardNotice`), or null when the card works on the next order. */
  cardNotice: string | null;
}

export type PlanOption = { value: string; label: string };
export type DateBounds = { min: string; max: string };
/** A saved card as a choice: its token and "Visa ending 4242, expires 12/2027". */
export type CardOption = { value: string; label: string };

interface CardProps {
  sub: SubscriptionView;
  plans: PlanOption[];
  dateBounds: DateBounds;
  /** The customer's saved cards. */
  cards: CardOption[];
  /** The site's name for a subscription (site policy `autoshipNoun`). */
  noun: string;
  /** The action's reply when it answered one of this subscription's forms. */
  answer: ActionReply | undefined;
}

export function SubscriptionCard({ sub, plans, dateBounds, cards, noun, answer }: CardProps) {
  const titleId = `subscription-${sub.id}-title`;
  const resultFor = (intent: AutoshipIntent) => replyFor(answer, intent);
  const paidWith = cards.find((card) => card.value === sub.paymentTokenId);
  return (
    <article aria-labelledby={titleId} className="subscription-card" id={`subscription-${sub.id}`}>
      <h2 id={titleId}>{sub.productTitle}</h2>
      <FormError errors={answer?.error?.[""] ?? undefined} />
      {sub.cardNotice ? (
        <p className="notice notice--info subscription-card__card-notice" data-testid="card-notice">
          {sub.cardNotice}
        </p>
      ) : null}
      <dl className="subscription-card__facts">
        <div>
          <dt>Variant</dt>
          <dd>{sub.variantTitle}</dd>
        </div>
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
          <dd>{sub.cancelled ? "None while cancelled" : longDate(sub.nextOrderDate)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd data-testid="subscription-status">
            {sub.cancelled ? `Cancelled${sub.cancelReason ? `: ${sub.cancelReason}` : ""}` : "Active"}
          </dd>
        </div>
        <div>
          <dt>Paid with</dt>
          <dd>{paidWith?.label ?? "No saved card"}</dd>
        </div>
      </dl>

      {sub.cancelled ? (
        <ButtonForm sub={sub} intent="reactivate" label={`Reactivate ${noun}`} />
      ) : (
        <div className="subscription-card__forms">
          <FrequencyForm sub={sub} plans={plans} lastResult={resultFor("change-frequency")} />
          <QuantityForm sub={sub} lastResult={resultFor("change-quantity")} />
          <DateForm sub={sub} bounds={dateBounds} lastResult={resultFor("change-date")} />
          {cards.length > 0 ? <CardForm sub={sub} cards={cards} lastResult={resultFor("change-card")} /> : null}
          <ButtonForm sub={sub} intent="skip-next" label="Skip next order" />
          <ButtonForm sub={sub} intent="order-now" label="Order now" />
          <CancelForm sub={sub} noun={noun} lastResult={resultFor("cancel")} />
        </div>
      )}
    </article>
  );
}

/** The hidden fields every form of a card carries. */
function Hidden({ sub, intent }: { sub: SubscriptionView; intent: AutoshipIntent }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="subscriptionId" value={sub.id} />
    </>
  );
}

function Submit({ children, intent, sub }: { children: string; intent: AutoshipIntent; sub: SubscriptionView }) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("subscriptionId") === sub.id;
  return (
    <button type="submit" className="button" disabled={busy} aria-disabled={busy}>
      {busy ? "Saving…" : children}
    </button>
  );
}

function ButtonForm({ sub, intent, label }: { sub: SubscriptionView; intent: AutoshipIntent; label: string }) {
  return (
    <Form method="post" className="subscription-card__form">
      <Hidden sub={sub} intent={intent} />
      <Submit intent={intent} sub={sub}>
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

function CancelForm({ sub, noun, lastResult }: { sub: SubscriptionView; noun: string; lastResult?: ActionReply }) {
  const [form, fields] = useForm({
    id: `cancel-${sub.id}`,
    lastResult,
    constraint: getZodConstraint(CancelSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CancelSchema }),
    shouldValidate: "onSubmit",
  });
  const field = fields.cancelReason;
  return (
    <Form method="post" className="subscription-card__form subscription-card__cancel" {...getFormProps(form)}>
      <Hidden sub={sub} intent="cancel" />
      <div className="field">
        <label htmlFor={field.id}>Why are you cancelling?</label>
        <select {...selectProps(field, { placeholder: true })}>
          <option value="">Choose a reason</option>
          {CANCEL_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {reason}
            </option>
          ))}
        </select>
        <FieldError field={field} />
      </div>
      <Submit intent="cancel" sub={sub}>
        {`Cancel ${noun}`}
      </Submit>
    </Form>
  );
}
