// My Profile (shop-core spec sections 2-3): the customer's names,
// phone and marketing opt-in, their email (needs the password) and their
// password. Three plain form posts told apart by `intent`; each works without
// JavaScript, and with it conform validates the same schemas as you type.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CheckboxField, FormError, TextField, useClearPasswords, NewPasswordFields } from "~/components/form-field";
import { EmailChangeSchema, PasswordChangeSchema, ProfileSchema } from "~/models/account-forms";
import { routeTitle } from "~/models/page-titles";
import { CustomerError, customers } from "~/services/customers/index.server";
import { requireCustomer, getSignedIn, commitNotice } from "~/services/http/index.server";
import { identity } from "~/services/identity/index.server";
import { pageMeta, siteFromMatches } from "~/utils/meta";
import { readFormData } from "~/utils/form.server";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: routeTitle(siteFromMatches(matches), "/account/my-profile"), noindex: true });

type ProfileForm = "profile" | "email" | "password";
type Reply = SubmissionResult<string[]> & { form: ProfileForm };

/** Fields never sent back to the page. */
const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  const customerId = await requireCustomer(request);
  const profile = await customers.getProfile(customerId);
  return json({
    profile: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phone: profile.phone ?? "",
      acceptsMarketing: profile.acceptsMarketing,
      email: profile.email,
    },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const customerId = await requireCustomer(request);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const saved = async (message: string) =>
    redirect(new URL(request.url).pathname, {
      headers: await commitNotice(request, { tone: "success", message }),
    });

  if (intent !== "profile" && intent !== "email" && intent !== "password") {
    return json({ status: "error", error: { "": ["Reload the page and try again."] }, form: "profile" } as Reply, 400);
  }
  const schema = { profile: ProfileSchema, email: EmailChangeSchema, password: PasswordChangeSchema }[intent];
  const submission = parseWithZod(formData, { schema });
  const reply = (options: { fieldErrors?: Record<string, string[]> } = {}) =>
    ({ ...submission.reply({ ...options, hideFields: PASSWORD_FIELDS }), form: intent }) as Reply;
  if (submission.status !== "success") return json(reply(), 400);

  try {
    const value = submission.value;
    if ("firstName" in value) {
      await customers.updateProfile(customerId, value);
      return await saved("Your details are saved.");
    }
    if ("email" in value) {
      await customers.changeEmail(customerId, value.email, value.currentPassword);
      return await saved(`Your email address is now ${value.email}.`);
    }
    const keep = (await getSignedIn(request))?.token;
    if (!(await identity.changePassword(customerId, value.currentPassword, value.newPassword, keep))) {
      return json(reply({ fieldErrors: { currentPassword: ["That password is not right."] } }), 400);
    }
    return await saved("Your password is changed.");
  } catch (error) {
    if (!(error instanceof CustomerError)) throw error;
    const field = error.field ?? "";
    return json(reply({ fieldErrors: { [field]: [error.message] } }), error.status);
  }
}

/** The action's reply for one form only (another form's errors never show on it). */
function useFormReply(form: ProfileForm) {
  const reply = useActionData<typeof action>() as Reply | undefined;
  return reply?.form === form ? reply : undefined;
}

function SubmitButton({ children, form }: { children: string; form: ProfileForm }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === form;
  return (
    <button type="submit" className="button button--primary" disabled={busy} aria-disabled={busy}>
      {busy ? "Saving…" : children}
    </button>
  );
}

export default function MyProfile() {
  const { profile } = useLoaderData<typeof loader>();
  return (
    <div className="account-profile">
      <h1>My Profile</h1>
      <DetailsForm profile={profile} />
      <EmailForm email={profile.email} />
      <PasswordForm />
    </div>
  );
}

function DetailsForm({
  profile,
}: {
  profile: { firstName: string; lastName: string; phone: string; acceptsMarketing: boolean };
}) {
  const [form, fields] = useForm({
    id: "profile-details",
    lastResult: useFormReply("profile"),
    constraint: getZodConstraint(ProfileSchema),
    defaultValue: { ...profile, acceptsMarketing: profile.acceptsMarketing ? "on" : "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="profile-details-title" className="account-card">
      <h2 id="profile-details-title">Your details</h2>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="profile" />
        <FormError errors={form.errors} id={form.errorId} />
        <div className="field-row">
          <TextField field={fields.firstName} label="First name" autoComplete="given-name" />
          <TextField field={fields.lastName} label="Last name" autoComplete="family-name" />
        </div>
        <TextField field={fields.phone} label="Phone" type="tel" autoComplete="tel" />
        <CheckboxField field={fields.acceptsMarketing} label="Email me news and offers" />
        <SubmitButton form="profile">Save details</SubmitButton>
      </Form>
    </section>
  );
}

function EmailForm({ email }: { email: string }) {
  const lastResult = useFormReply("email");
  const [form, fields] = useForm({
    id: "profile-email",
    lastResult,
    constraint: getZodConstraint(EmailChangeSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EmailChangeSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useClearPasswords(lastResult, [fields.currentPassword]);
  return (
    <section aria-labelledby="profile-email-title" className="account-card">
      <h2 id="profile-email-title">Email address</h2>
      <p>
        You sign in with <strong>{email}</strong>.
      </p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="email" />
        <FormError errors={form.errors} id={form.errorId} />
        <TextField field={fields.email} label="New email address" type="email" autoComplete="email" />
        <TextField
          field={fields.currentPassword}
          label="Current password"
          type="password"
          autoComplete="current-password"
          hint="To keep your account safe, confirm the change with your password."
        />
        <SubmitButton form="email">Change email</SubmitButton>
      </Form>
    </section>
  );
}

function PasswordForm() {
  const lastResult = useFormReply("password");
  const [form, fields] = useForm({
    id: "profile-password",
    lastResult,
    constraint: getZodConstraint(PasswordChangeSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PasswordChangeSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useClearPasswords(lastResult, [fields.currentPassword, fields.newPassword, fields.confirmPassword]);
  return (
    <section aria-labelledby="profile-password-title" className="account-card">
      <h2 id="profile-password-title">Password</h2>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="password" />
        <FormError errors={form.errors} id={form.errorId} />
        <TextField
          field={fields.currentPassword}
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordFields password={fields.newPassword} confirm={fields.confirmPassword} />
        <SubmitButton form="password">Change password</SubmitButton>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
