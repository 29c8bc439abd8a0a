// The guest's offer on the order confirmation (docs/rules.md "Cart on a phone", `mayClaimOrder`):
// an account for the order's email, with the order in it. Posts to the confirmation's action.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { OrderAccountSchema } from "~/models/account-forms";
import { replyFor, type ActionReply } from "~/utils/form";
import { CheckboxField, FormError, NewPasswordFields, TextField, useClearPasswords } from "./form-field";

/** The guest's offer: an account for the order's email, with this order in it. */
export function OrderAccountForm({ email }: { email: string }) {
  const lastResult = replyFor(useActionData<ActionReply>(), "order-account");
  const [form, fields] = useForm({
    id: "order-account",
    lastResult,
    constraint: getZodConstraint(OrderAccountSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OrderAccountSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useClearPasswords(lastResult, [fields.password, fields.confirmPassword]);
  const busy = useNavigation().state === "submitting";
  return (
    <section className="confirmation-page__account" aria-labelledby="order-account-title">
      <h2 id="order-account-title">Save your details for next time</h2>
      <p>
        Create an account for <strong>{email}</strong>: this order is added to it, so you can follow it and buy again.
      </p>
      <Form method="post" {...getFormProps(form)} className="confirmation-page__account-form">
        <FormError errors={form.errors} id={form.errorId} />
        <div className="field-row">
          <TextField field={fields.firstName} label="First name" autoComplete="given-name" />
          <TextField field={fields.lastName} label="Last name" autoComplete="family-name" />
        </div>
        <NewPasswordFields
          password={fields.password}
          confirm={fields.confirmPassword}
          label="Password"
          confirmLabel="Confirm password"
        />
        <CheckboxField field={fields.acceptsMarketing} label="Email me news and offers" />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Creating your account…" : "Create account"}
        </button>
      </Form>
    </section>
  );
}
