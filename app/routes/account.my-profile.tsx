// My Profile (shop-core spec sections 2-3): the customer's names,
// phone and marketing opt-in, their email (needs the password) and their
// password. Three plain form posts told apart by `intent`; each works without
// JavaScript, and with it conform validates the same schemas as you type.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CheckboxField, FormError, TextField, useClearPasswords, NewPasswordFields } from "~/components/form-field";
import { z } from "zod";
import {
  checkPasswordChange,
  EmailChangeSchema,
  PasswordChangeFields,
  PasswordChangeSchema,
  ProfileSchema,
} from "~/models/account-forms";
import { routeTitle } from "~/models/page-titles";
import { CustomerError, customers } from "~/services/customers/index.server";
import { requireCustomer, getSignedIn, commitNotice } from "~/services/http/index.server";
import { changeAccountPassword } from "~/services/sign-in/index.server";
import { pageMeta, siteFromMatches } from "~/utils/meta";
import { replyFor } from "~/utils/form";
import { readFormData, replyWith } from "~/utils/form.server";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: routeTitle(siteFromMatches(matches), "/account/my-profile"), noindex: true });

type ProfileForm = "profile" | "email" | "password";

/** Every post of the page: one intent each (docs/architecture.md "Forms and the JSON API"). */
const ActionSchema = z
  .discriminatedUnion("intent", [
    ProfileSchema.extend({ intent: z.literal("profile") }),
    EmailChangeSchema.extend({ intent: z.literal("email") }),
    PasswordChangeFields.extend({ intent: z.literal("password") }),
  ])
  .superRefine((value, ctx) => {
    if (value.intent === "password") checkPasswordChange(value, ctx);
  });

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
  const submission = parseWithZod(await readFormData(request), { schema: ActionSchema });
  const saved = async (message: string) =>
    redirect(new URL(request.url).pathname, {
      headers: await commitNotice(request, { tone: "success", message }),
    });
  const hideFields = PASSWORD_FIELDS;

  if (submission.status !== "success") {
    const intent = submission.payload.intent;
    if (intent === "profile" || intent === "email" || intent === "password")
      return replyWith(submission, { hideFields });
    return replyWith(submission, { form: "profile", formErrors: ["Reload the page and try again."], hideFields });
  }
  const value = submission.value;
  try {
    switch (value.intent) {
      case "profile": {
        const { intent: _, ...profile } = value;
        await customers.updateProfile(customerId, profile);
        return await saved("Your details are saved.");
      }
      case "email":
        await customers.changeEmail(customerId, value.email, value.currentPassword);
        return await saved(`Your email address is now ${value.email}.`);
      case "password": {
        const keep = (await getSignedIn(request))?.token;
        if (!(await changeAccountPassword(customerId, value.currentPassword, value.newPassword, keep))) {
          return replyWith(submission, {
            fieldErrors: { currentPassword: ["That password is not right."] },
            hideFields,
          });
        }
        return await saved("Your password is changed.");
      }
    }
  } catch (error) {
    if (!(error instanceof CustomerError)) throw error;
    return replyWith(submission, { error, hideFields });
  }
}

/** The action's reply for one form only (another form's errors never show on it). */
const useFormReply = (form: ProfileForm) => replyFor(useActionData<typeof action>(), form);

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
