// Arrival by multipass URL (catalogue spec section 7; docs/rules.md "Multipass links"). A
// guest, or the link's own customer, is signed in at once and continues to the link's path.
// A shopper signed in as another customer is asked first: the page names both accounts, its
// "Continue as …" is a form post (same-origin guarded like every post) and its other choice
// keeps the current account. A link that no longer works goes to the cart with a notice.
// The page works without JavaScript and is never stored (`private, no-store`).
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormError, inputProps } from "~/components/form-field";
import { PRIVATE_NO_STORE } from "~/models/cache-policy";
import { MultipassSwitchSchema } from "~/models/multipass";
import { arriveWithMultipass, MULTIPASS_EXPIRED_MESSAGE, switchWithMultipass } from "~/services/sign-in/index.server";
import { readFormData, replyWith } from "~/utils/form.server";
import { replyFor } from "~/utils/form";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: "Switch accounts?", noindex: true });

const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const arrival = await arriveWithMultipass(request, params.token ?? "");
  if (arrival instanceof Response) throw arrival;
  return json(arrival, { headers: NO_STORE });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: MultipassSwitchSchema });
  if (submission.status !== "success") return replyWith(submission, { form: "switch" });
  const signedIn = await switchWithMultipass(request, params.token ?? "");
  return signedIn ?? replyWith(submission, { formErrors: [MULTIPASS_EXPIRED_MESSAGE], status: 410 });
}

export default function MultipassSwitch() {
  const { current, next } = useLoaderData<typeof loader>();
  const lastResult = replyFor(useActionData<typeof action>(), "switch");
  const [form, fields] = useForm({
    id: "multipass-switch",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MultipassSwitchSchema }),
  });
  const busy = useNavigation().state === "submitting";
  return (
    <div className="bare-page">
      <h1>Switch accounts?</h1>
      <p>
        You&apos;re signed in as <strong>{current.email}</strong>. This sign-in link is for{" "}
        <strong>{next.email}</strong>.
      </p>
      <p>
        Continue as {next.email}? You will be signed out of {current.email} on this device.
      </p>
      <Form method="post" {...getFormProps(form)} className="bare-page__form">
        <FormError errors={form.errors} id={form.errorId} />
        <input {...inputProps(fields.intent, { type: "hidden", value: false })} value="switch" />
        <button type="submit" className="button button--primary button--large" disabled={busy}>
          Continue as {next.email}
        </button>
      </Form>
      <p>
        <Link to="/">Stay signed in as {current.email}</Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
