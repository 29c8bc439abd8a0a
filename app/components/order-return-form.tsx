// "Return items" of My Order Details (docs/rules.md "Order pages"): a quantity per line still
// returnable (named `lines.<order line id>`), a reason and an optional comment, validated by
// ReturnSchema (app/models/return-forms.ts) in the browser and on the server.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { FieldError, FormError, selectProps, TextAreaField } from "~/components/form-field";
import { RETURN_REASONS } from "~/models/order-lifecycle";
import { ReturnSchema, returnWindowText } from "~/models/return-forms";
import type { ActionReply } from "~/utils/form";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

/** "Return items": a quantity per line still returnable, a reason, an optional comment. */
export function ReturnItems({
  aftercare,
  requestKey,
  lastResult,
}: {
  aftercare: {
    returnWindowEndsAt: string | null;
    returnableLines: { orderLineId: string; productTitle: string; variantTitle: string; left: number }[];
  };
  requestKey: string;
  lastResult: ActionReply | undefined;
}) {
  const zone = useShopTimeZone();
  const [form, fields] = useForm({
    id: "order-return",
    lastResult,
    constraint: getZodConstraint(ReturnSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReturnSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "return";
  const lineFields = fields.lines.getFieldset();
  const returnable = aftercare.returnableLines.filter((line) => line.left > 0);
  return (
    <section aria-labelledby="order-return-title" className="account-order__section">
      <h2 id="order-return-title">Return items</h2>
      {aftercare.returnWindowEndsAt ? (
        <p data-testid="return-window">{returnWindowText(aftercare.returnWindowEndsAt, zone)}</p>
      ) : null}
      {returnable.length === 0 ? (
        <p>Everything in this order is already in a return.</p>
      ) : (
        <Form method="post" className="order-return" {...getFormProps(form)}>
          <FormError errors={form.errors} />
          <input type="hidden" name="intent" value="return" />
          <input type="hidden" name="requestKey" value={requestKey} />
          <fieldset
            className="order-return__lines"
            aria-describedby={fields.lines.errors ? fields.lines.errorId : undefined}
          >
            <legend>How many of each to return</legend>
            {returnable.map((line) => {
              const field = lineFields[line.orderLineId];
              return (
                <div className="field order-return__line" key={line.orderLineId}>
                  <label htmlFor={field.id}>
                    {line.productTitle} ({line.variantTitle})
                  </label>
                  <select {...selectProps(field, { placeholder: false })} defaultValue={field.initialValue ?? "0"}>
                    {Array.from({ length: line.left + 1 }, (_, n) => (
                      <option key={n} value={String(n)}>
                        {n}
                      </option>
                    ))}
                  </select>
                  <FieldError field={field} />
                </div>
              );
            })}
            <FieldError field={fields.lines} />
          </fieldset>
          <div className="field">
            <label htmlFor={fields.reason.id}>Why are you returning them?</label>
            <select {...selectProps(fields.reason, { placeholder: true })}>
              <option value="">Choose a reason</option>
              {RETURN_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {reason}
                </option>
              ))}
            </select>
            <FieldError field={fields.reason} />
          </div>
          <TextAreaField field={fields.comment} label="Comment" rows={3} />
          <p className="field__hint">
            We refund the items&apos; price once they are back; shipping and donations are not refunded. Food cannot be
            resold, so returned items are not restocked.
          </p>
          <button type="submit" className="button button--primary" disabled={busy} aria-disabled={busy}>
            {busy ? "Sending…" : "Request return"}
          </button>
        </Form>
      )}
    </section>
  );
}
