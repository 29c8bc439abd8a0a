// The order page's actions (docs/rules.md "Back office: orders"): the fulfilment steps, cancel,
// resend, ship (carrier and tracking number) and refund, each shown only when the viewer may
// post it (`allowedIntents` of ORDER_INTENTS) and the order allows it. Cancel and refund move
// money: their first post answers the question, shown beside the form that asked (`ConfirmPanel`).
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { ConfirmPanel } from "~/components/admin/confirm";
import { FormError, SelectField, TextField } from "~/components/form-field";
import { ORDER_INTENTS, REFUND_REASON_MAX } from "~/models/admin-orders";
import { formatMoney } from "~/models/money";
import { CARRIERS } from "~/models/order-lifecycle";
import { replyFor, type ActionReply } from "~/utils/form";

export interface OrderActionsShown {
  packed: boolean;
  shipped: boolean;
  delivered: boolean;
  cancel: boolean;
  refund: boolean;
  resend: boolean;
}

const carrierOptions = Object.entries(CARRIERS).map(([value, carrier]) => ({ value, label: carrier.name }));

/** A one-button form of the page. */
function Step({ intent, label, danger = false }: { intent: string; label: string; danger?: boolean }) {
  return (
    <Form method="post">
      <button type="submit" name="intent" value={intent} className={danger ? "button button--danger" : "button"}>
        {label}
      </button>
    </Form>
  );
}

export function OrderActions({
  actions,
  refundableCents,
  currencyCode,
  refundKey,
  data,
}: {
  actions: OrderActionsShown;
  refundableCents: number;
  currencyCode: string;
  refundKey: string;
  data: unknown;
}) {
  const ship = replyFor(data, "shipped");
  const refund = replyFor(data, "refund");
  const [shipForm, shipFields] = useForm({
    id: "ship",
    lastResult: ship,
    constraint: getZodConstraint(ORDER_INTENTS.shipped.schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ORDER_INTENTS.shipped.schema }),
  });
  const [refundForm, refundFields] = useForm({
    id: "refund",
    lastResult: refund,
    constraint: getZodConstraint(ORDER_INTENTS.refund.schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ORDER_INTENTS.refund.schema }),
  });
  // A refusal of a one-button action (a step the order has passed, an unknown action) shows above them.
  const other = [
    replyFor(data, ""),
    ...(["packed", "delivered", "cancel", "resend"] as const).map((i) => replyFor(data, i)),
  ]
    .filter((reply): reply is ActionReply => Boolean(reply) && !reply?.confirm)
    .flatMap((reply) => Object.values(reply.error ?? {}).flatMap((errors) => errors ?? []));
  return (
    <section aria-labelledby="order-actions">
      <h2 id="order-actions">Actions</h2>
      <FormError errors={other} />
      <div className="admin-actions">
        {actions.packed ? <Step intent="packed" label="Mark packed" /> : null}
        {actions.delivered ? <Step intent="delivered" label="Mark delivered" /> : null}
        {actions.cancel ? <Step intent="cancel" label="Cancel order (refunds what was paid)" danger /> : null}
        {actions.resend ? <Step intent="resend" label="Resend confirmation email" /> : null}
      </div>
      <ConfirmPanel reply={replyFor(data, "cancel")} />
      {actions.shipped ? (
        <Form method="post" className="admin-filters" aria-labelledby="ship-heading" {...getFormProps(shipForm)}>
          <h3 id="ship-heading">Ship</h3>
          <FormError errors={shipForm.errors} id={shipForm.errorId} />
          <input type="hidden" name="intent" value="shipped" />
          <SelectField field={shipFields.carrier} label="Carrier" options={carrierOptions} placeholder="Choose…" />
          <TextField field={shipFields.trackingNumber} label="Tracking number" autoComplete="off" />
          <button type="submit" className="button">
            Mark shipped
          </button>
        </Form>
      ) : null}
      {actions.refund ? (
        <Form method="post" className="admin-filters" aria-labelledby="refund-heading" {...getFormProps(refundForm)}>
          <h3 id="refund-heading">Refund (at most {formatMoney(refundableCents, currencyCode)})</h3>
          <FormError errors={refundForm.errors ?? refundFields.refundKey.errors} id={refundForm.errorId} />
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="refundKey" value={refundKey} />
          <TextField field={refundFields.amount} label="Amount in dollars" autoComplete="off" />
          <TextField field={refundFields.reason} label="Reason" hint={`At most ${REFUND_REASON_MAX} characters.`} />
          <button type="submit" className="button button--danger">
            Refund
          </button>
        </Form>
      ) : null}
      <ConfirmPanel reply={refund} />
    </section>
  );
}
