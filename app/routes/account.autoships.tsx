// My Subscriptions / My Autoships (shop-core spec
// sections 2, 3 and 9): each of the customer's subscriptions with its product,
// quantity, weight, frequency, next date and state, and one small form per
// change (frequency, quantity 1-5, skip, order now, next date, cancel with a
// reason, reactivate). Every form is a plain post with a hidden `intent` and
// `subscriptionId`: errors come back beside the field of that subscription's
// form, a change redirects back here with a notice.
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useAccount } from "~/routes/account";
import { FieldError, FormError, SelectField } from "~/components/form-field";
import { MAX_AUTOSHIP_PER_LINE, MIN_QUANTITY } from "~/models/cart-limits";
import { routeTitle } from "~/models/page-titles";
import type { SiteId } from "~/models/site";
import { autoship, SubscriptionError } from "~/services/autoship/index.server";
import { commerce } from "~/services/commerce/index.server";
import { requireCustomer, commitNotice } from "~/services/http/index.server";
import { getSite } from "~/services/site/index.server";
import { OrderError } from "~/services/orders/index.server";
import { pageMeta, siteFromMatches } from "~/utils/meta";
import { readFormData } from "~/utils/form.server";

const DAY_MS = 86_400_000;

/** The page's name per site (shop-core spec section 2). */
const titleFor = (site: SiteId) => routeTitle(site, "/account/autoships");
const nounFor = (site: SiteId) => (site === "HPSF" ? "autoship" : "subscription");

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: titleFor(siteFromMatches(matches)), noindex: true });

/** The reasons a customer picks from when cancelling. */
const CANCEL_REASONS = [
  "Too much food",
  "My pet doesn't like it",
  "Switching products",
  "Too expensive",
  "Moving",
  "Other",
] as const;

const ymd = (date: Date) => date.toISOString().slice(0, 10);
const longDate = (value: Date | string) =>
  new Date(value).toLocaleDateString("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

/** "31 lbs": a weight without float noise. */
const weightLabel = (value: number, unit: string) => `${Number(value.toFixed(2))} ${unit}`;

// ---------------------------------------------------------------------------
// Forms: one schema per intent; every one names the subscription.

const subscriptionId = z
  .string({ required_error: "Missing subscription." })
  .trim()
  .min(1, "Missing subscription.")
  .max(100);
const quantityMessage = `Choose a quantity from ${MIN_QUANTITY} to ${MAX_AUTOSHIP_PER_LINE}.`;

const FrequencySchema = z.object({
  intent: z.literal("change-frequency"),
  subscriptionId,
  sellingPlanId: z.string({ required_error: "Choose how often to deliver." }).trim().max(64),
});
const QuantitySchema = z.object({
  intent: z.literal("change-quantity"),
  subscriptionId,
  quantity: z
    .number({ required_error: "Choose a quantity.", invalid_type_error: quantityMessage })
    .int(quantityMessage)
    .min(MIN_QUANTITY, quantityMessage)
    .max(MAX_AUTOSHIP_PER_LINE, quantityMessage),
});
const DateSchema = z.object({
  intent: z.literal("change-date"),
  subscriptionId,
  nextOrderDate: z
    .string({ required_error: "Choose a date." })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the date as YYYY-MM-DD.")
    .refine((value) => ymd(new Date(`${value}T00:00:00Z`)) === value, "Enter a real date."),
});
const CancelSchema = z.object({
  intent: z.literal("cancel"),
  subscriptionId,
  cancelReason: z.enum(CANCEL_REASONS, { errorMap: () => ({ message: "Choose why you are cancelling." }) }),
});
const SkipSchema = z.object({ intent: z.literal("skip-next"), subscriptionId });
const OrderNowSchema = z.object({ intent: z.literal("order-now"), subscriptionId });
const ReactivateSchema = z.object({ intent: z.literal("reactivate"), subscriptionId });

const ActionSchema = z.discriminatedUnion("intent", [
  FrequencySchema,
  QuantitySchema,
  DateSchema,
  CancelSchema,
  SkipSchema,
  OrderNowSchema,
  ReactivateSchema,
]);

type Intent = z.infer<typeof ActionSchema>["intent"];

type ReplyOptions = { formErrors?: string[]; fieldErrors?: Record<string, string[]> };

/** An action's answer: conform's reply, tagged with the subscription and form it belongs to. */
type Reply = SubmissionResult<string[]> & { subscriptionId?: string; formIntent?: string };

// ---------------------------------------------------------------------------

export async function loader({ request }: LoaderFunctionArgs) {
  const customerId = await requireCustomer(request);
  const site = getSite(request);
  const [subscriptions, plans] = await Promise.all([autoship.list(customerId), commerce.getSellingPlans()]);
  const today = new Date(`${ymd(new Date())}T00:00:00Z`);
  return json(
    {
      site,
      plans: plans.map((plan) => ({ value: plan.id, label: plan.name })),
      dateBounds: { min: ymd(new Date(today.getTime() + DAY_MS)), max: ymd(new Date(today.getTime() + 365 * DAY_MS)) },
      subscriptions: subscriptions.map((s) => ({
        id: s.id,
        contractId: s.contractId,
        productTitle: s.product.title,
        variantTitle: s.variant.title,
        quantity: s.quantity,
        weightEach: weightLabel(s.weight, s.weightUnit),
        weightTotal: weightLabel(s.weight * s.quantity, s.weightUnit),
        sellingPlanId: s.sellingPlanId,
        frequency: s.frequency,
        nextOrderDate: ymd(s.nextOrderDate),
        cancelled: s.cancelled,
        cancelReason: s.cancelReason,
      })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const reply = (
  submission: { reply: (options?: ReplyOptions) => SubmissionResult<string[]> },
  tag: { subscriptionId?: string; formIntent?: string },
  status: number,
  options?: ReplyOptions,
) => json({ ...tag, ...submission.reply(options) } as Reply, status);

export async function action({ request }: ActionFunctionArgs) {
  const customerId = await requireCustomer(request);
  const site = getSite(request);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: ActionSchema });
  const raw = (name: string) => (typeof formData.get(name) === "string" ? String(formData.get(name)) : undefined);
  const tag = { subscriptionId: raw("subscriptionId"), formIntent: raw("intent") };
  if (submission.status !== "success") return reply(submission, tag, 400);
  const input = submission.value;
  const id = input.subscriptionId;
  const noun = nounFor(site);

  let message: (s: { productTitle: string; frequency: string; quantity: number; nextOrderDate: Date }) => string;
  let tone: "success" | "info" = "success";
  try {
    switch (input.intent) {
      case "change-frequency":
        await autoship.changeFrequency(customerId, id, input.sellingPlanId);
        message = (s) => `${s.productTitle} now comes ${s.frequency.toLowerCase()}.`;
        break;
      case "change-quantity":
        await autoship.changeQuantity(customerId, id, input.quantity);
        message = (s) => `${s.productTitle}: each order is now ${s.quantity}.`;
        break;
      case "skip-next":
        await autoship.skipNext(customerId, id);
        message = (s) => `Skipped. The next order of ${s.productTitle} is on ${longDate(s.nextOrderDate)}.`;
        break;
      case "change-date":
        await autoship.changeNextDate(customerId, id, new Date(`${input.nextOrderDate}T00:00:00Z`));
        message = (s) => `The next order of ${s.productTitle} is on ${longDate(s.nextOrderDate)}.`;
        break;
      case "order-now": {
        const outcome = await autoship.orderNow(customerId, id);
        if (outcome === "out_of_stock" || outcome === "declined" || outcome === "over_quota") {
          const text = {
            out_of_stock: "This product is out of stock right now, so no order was placed. Try again later.",
            declined: "Your saved card was declined, so no order was placed. Update your card and try again.",
            over_quota: "This order is over what is left of your monthly program allowance, so no order was placed.",
          }[outcome];
          return reply(submission, tag, { out_of_stock: 409, declined: 402, over_quota: 422 }[outcome], {
            formErrors: [text],
          });
        }
        if (outcome === "already") tone = "info";
        message =
          outcome === "already"
            ? (s) => `You already ordered ${s.productTitle} today.`
            : (s) => `Order placed for ${s.productTitle}. The next one is on ${longDate(s.nextOrderDate)}.`;
        break;
      }
      case "cancel":
        await autoship.cancel(customerId, id, input.cancelReason);
        message = (s) => `Your ${noun} of ${s.productTitle} is cancelled.`;
        break;
      case "reactivate":
        await autoship.reactivate(customerId, id);
        message = (s) => `Your ${noun} of ${s.productTitle} is active again. Next order ${longDate(s.nextOrderDate)}.`;
        break;
    }
  } catch (error) {
    if (error instanceof SubscriptionError) {
      if (error.code === "NOT_FOUND") throw json({ message: error.message }, 404);
      const field = error.code === "INVALID" ? error.field : undefined;
      return reply(
        submission,
        tag,
        error.code === "CANCELLED" ? 409 : 400,
        field ? { fieldErrors: { [field]: [error.message] } } : { formErrors: [error.message] },
      );
    }
    if (error instanceof OrderError) return reply(submission, tag, 409, { formErrors: [error.message] });
    throw error;
  }
  const changed = (await autoship.list(customerId)).find((s) => s.id === id);
  const text = changed ? message({ ...changed, productTitle: changed.product.title }) : `Your ${noun} was updated.`;
  return redirect("/account/autoships", { headers: await commitNotice(request, { tone, message: text }) });
}

// ---------------------------------------------------------------------------

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type SubscriptionView = LoaderData["subscriptions"][number];

export default function MySubscriptions() {
  const data = useLoaderData<typeof loader>();
  const account = useAccount();
  const answer = useActionData<typeof action>() as Reply | undefined;
  const known = answer?.subscriptionId && data.subscriptions.some((s) => s.id === answer.subscriptionId);
  const title = titleFor(data.site);
  const noun = nounFor(data.site);
  return (
    <section aria-labelledby="autoships-title" className="account-autoships">
      <h1 id="autoships-title">{title}</h1>
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
              `You have no ${noun}s yet. Choose Autoship on a product page to have food delivered on a schedule.`}
          </p>
          <p>
            <Link to="/products" className="button button--primary">
              Shop now
            </Link>
          </p>
        </div>
      ) : (
        <ul className="account-autoships__list">
          {data.subscriptions.map((sub) => (
            <li key={sub.id}>
              <SubscriptionCard
                sub={sub}
                plans={data.plans}
                dateBounds={data.dateBounds}
                noun={noun}
                answer={answer?.subscriptionId === sub.id ? answer : undefined}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface CardProps {
  sub: SubscriptionView;
  plans: LoaderData["plans"];
  dateBounds: LoaderData["dateBounds"];
  noun: string;
  answer: Reply | undefined;
}

function SubscriptionCard({ sub, plans, dateBounds, noun, answer }: CardProps) {
  const titleId = `subscription-${sub.id}-title`;
  const resultFor = (intent: Intent) => (answer?.formIntent === intent ? answer : undefined);
  return (
    <article aria-labelledby={titleId} className="subscription-card" id={`subscription-${sub.id}`}>
      <h2 id={titleId}>{sub.productTitle}</h2>
      <FormError errors={answer?.error?.[""] ?? undefined} />
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
      </dl>

      {sub.cancelled ? (
        <ButtonForm sub={sub} intent="reactivate" label={`Reactivate ${noun}`} />
      ) : (
        <div className="subscription-card__forms">
          <FrequencyForm sub={sub} plans={plans} lastResult={resultFor("change-frequency")} />
          <QuantityForm sub={sub} lastResult={resultFor("change-quantity")} />
          <DateForm sub={sub} bounds={dateBounds} lastResult={resultFor("change-date")} />
          <ButtonForm sub={sub} intent="skip-next" label="Skip next order" />
          <ButtonForm sub={sub} intent="order-now" label="Order now" />
          <CancelForm sub={sub} noun={noun} lastResult={resultFor("cancel")} />
        </div>
      )}
    </article>
  );
}

/** The hidden fields every form of a card carries. */
function Hidden({ sub, intent }: { sub: SubscriptionView; intent: Intent }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="subscriptionId" value={sub.id} />
    </>
  );
}

function Submit({ children, intent, sub }: { children: string; intent: Intent; sub: SubscriptionView }) {
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

function ButtonForm({ sub, intent, label }: { sub: SubscriptionView; intent: Intent; label: string }) {
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
  plans: LoaderData["plans"];
  lastResult?: Reply;
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

function QuantityForm({ sub, lastResult }: { sub: SubscriptionView; lastResult?: Reply }) {
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
  bounds: LoaderData["dateBounds"];
  lastResult?: Reply;
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
        <input {...getInputProps(field, { type: "date" })} min={bounds.min} max={bounds.max} />
        <FieldError field={field} />
      </div>
      <Submit intent="change-date" sub={sub}>
        Change date
      </Submit>
    </Form>
  );
}

function CancelForm({ sub, noun, lastResult }: { sub: SubscriptionView; noun: string; lastResult?: Reply }) {
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
        <select {...getSelectProps(field)}>
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
