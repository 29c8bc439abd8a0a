// /shelter/register ('Create Account'): a home-store account (staff on the
// staff site), signed in at once, then back where the shopper was going. On
// the staff site a signed-in member who is not registered yet finishes here:
// role, graduation year and the clinic or school (shop-core spec section 4).
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { HoneypotInputs } from "~/components/honeypot-inputs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CheckboxField, FormError, TextField, useClearPasswords, NewPasswordFields } from "~/components/form-field";
import { RegisterSchema } from "~/models/account-forms";
import { afterSignIn } from "~/models/guards";
import { decodeRedirect } from "~/models/redirect-param";
import { routeTitle } from "~/models/page-titles";
import { clientIpOf, registerAccount, signInAndRedirect } from "~/services/sign-in/index.server";
import {
  isSpam,
  SPAM_MESSAGE,
  rateLimits,
  retryAfterHeaders,
  setMemberLocation,
  getSession,
  flashNotice,
  sessionStorage,
} from "~/services/http/index.server";
import { getSite, shopTimeZone } from "~/services/site/index.server";
import { withAccountMarker } from "~/services/analytics/index.server";
import { ProgramStep } from "~/components/staff-registration";
import { ClinicSearchSchema, registrationSchema } from "~/models/staff-program-forms";
import { STAFF_ROLES, type ClinicSearchType } from "~/models/staff-program";
import { graduationYears } from "~/models/staff-program-dates";
import { onboardMember, StaffError, staffMemberOf, staffProgram } from "~/services/staff/index.server";
import { pageMeta, siteFromMatches } from "~/utils/meta";
import { replyFor } from "~/utils/form";
import { readFormData, replyWith } from "~/utils/form.server";

/** The signed-in staff member still to register, or null (then this page creates an account). */
async function pendingMember(request: Request) {
  const member = await staffMemberOf(request);
  return member && !member.isRegistered ? member : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await pendingMember(request);
  if (!member) return json({ step: "account" as const });
  const params = new URL(request.url).searchParams;
  const searchType = (
    ["name", "city", "zip"].includes(params.get("searchType") ?? "") ? params.get("searchType") : "name"
  ) as ClinicSearchType;
  const searchTerm = params.get("searchTerm") ?? "";
  let results = null;
  let searchError: string | null = null;
  if (params.has("searchTerm")) {
    const query = ClinicSearchSchema.safeParse({ searchType, searchTerm });
    if (query.success) results = await staffProgram.searchClinics(query.data);
    else searchError = query.error.issues[0].message;
  }
  return json({
    step: "program" as const,
    firstName: member.firstName,
    roles: STAFF_ROLES.map(({ code, label }) => ({ code, label })),
    years: graduationYears(new Date(), shopTimeZone()),
    search: { searchType, searchTerm },
    searchError,
    results,
    redirect: params.get("redirect"),
  });
}

/** The registration step's post: role, graduation year and the clinic, checked before anything changes. */
async function completeRegistration(request: Request, formData: FormData, customerId: string) {
  const submission = parseWithZod(formData, { schema: registrationSchema(new Date(), shopTimeZone()) });
  if (submission.status !== "success") return replyWith(submission, { form: "program" });
  let member;
  try {
    member = await staffProgram.register(customerId, submission.value);
  } catch (error) {
    if (error instanceof StaffError) {
      return replyWith(submission, {
        form: "program",
        error,
        fieldName: (field) => (field === "groupID" ? "groupId" : field),
      });
    }
    throw error;
  }
  // Onboarded at registration (docs/rules.md "Staff onboarding"): the metafields and the location.
  const location = await onboardMember(customerId);
  const session = await getSession(request);
  if (location) setMemberLocation(session, location);
  flashNotice(session, {
    tone: "success",
    message: `You're registered with ${member.clinic?.name ?? "your clinic"}. Welcome to the staff-feeding program!`,
  });
  const to = afterSignIn({
    redirectParam: decodeRedirect(new URL(request.url).searchParams.get("redirect")),
    previous: null,
  });
  return redirect(to, { headers: { "Set-Cookie": await sessionStorage.commitSession(session) } });
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, {
    title:
      data?.step === "program"
        ? "Complete your registration"
        : routeTitle(siteFromMatches(matches), "/shelter/register"),
    description: "Create your account",
  });

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const member = await pendingMember(request);
  if (member) return completeRegistration(request, formData, member.customerId);
  if (formData.get("intent") === "program") {
    // Signed out, or registered meanwhile: nothing to complete here.
    return redirect("/shelter/login");
  }
  const submission = parseWithZod(formData, { schema: RegisterSchema });
  const reply = { form: "account", hideFields: ["password", "confirmPassword"] };
  if (isSpam(formData)) return replyWith(submission, { ...reply, formErrors: [SPAM_MESSAGE] });
  if (submission.status !== "success") return replyWith(submission, reply);
  const verdict = await rateLimits.attempt("registration", clientIpOf(context));
  if (!verdict.allowed) {
    return replyWith(submission, {
      ...reply,
      formErrors: [verdict.message],
      status: 429,
      headers: retryAfterHeaders(verdict),
    });
  }
  const { confirmPassword: _confirm, ...input } = submission.value;
  const result = await registerAccount({ site: getSite(request), ...input });
  if (!result.ok) {
    return replyWith(submission, {
      ...reply,
      fieldErrors: { email: ["An account with this email already exists. Log in, or reset your password."] },
      status: 409,
    });
  }
  const to = afterSignIn({
    redirectParam: decodeRedirect(new URL(request.url).searchParams.get("redirect")),
    previous: null,
  });
  const signedIn = await signInAndRedirect(request, result.customerId, to, {
    tone: "success",
    message: "Welcome! Your account is ready.",
  });
  // The data layer's "sign_up" (docs/decisions.md "Analytics").
  return withAccountMarker(signedIn, getSite(request), "sign_up", "password");
}

export default function Register() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  if (data.step === "program") return <ProgramStep {...data} lastResult={replyFor(reply, "program")} />;
  return <AccountStep lastResult={replyFor(reply, "account")} />;
}

function AccountStep({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm({
    id: "register",
    lastResult,
    constraint: getZodConstraint(RegisterSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useClearPasswords(lastResult, [fields.password, fields.confirmPassword]);
  const busy = useNavigation().state === "submitting";
  return (
    <div className="bare-page">
      <h1>Create Account</h1>
      <Form method="post" {...getFormProps(form)} className="bare-page__form">
        <HoneypotInputs label="Please leave this field blank" />
        <input type="hidden" name="intent" value="account" />
        <FormError errors={form.errors} id={form.errorId} />
        <TextField field={fields.firstName} label="First name" autoComplete="given-name" />
        <TextField field={fields.lastName} label="Last name" autoComplete="family-name" />
        <TextField field={fields.email} label="Email address" type="email" autoComplete="email" />
        <NewPasswordFields
          password={fields.password}
          confirm={fields.confirmPassword}
          label="Password"
          confirmLabel="Confirm password"
        />
        <CheckboxField field={fields.acceptsMarketing} label="Email me news and offers" />
        <button type="submit" className="button button--primary button--large" disabled={busy}>
          {busy ? "Creating your account…" : "Create Account"}
        </button>
      </Form>
      <p>
        Already have an account? <Link to="/shelter/login">Log in</Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
