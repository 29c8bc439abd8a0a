// /contact-us (shop-core spec section 2; catalogue spec section 2, title
// 'Contact Us'): the site's contact details from the
// content service and a form that emails support. A plain form post (works
// without JavaScript); with it conform checks the same schema as you type.
// Public on both sites, also for a staff member who has not registered yet.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { HoneypotInputs } from "~/components/honeypot-inputs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormError, SelectField, TextAreaField, TextField } from "~/components/form-field";
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_SENT_MESSAGE,
  contactSchema,
  telHref,
  type ContactInput,
} from "~/models/contact";
import { clientIpOf } from "~/services/sign-in/index.server";
import { contact, contactPageOf } from "~/services/contact/index.server";
import { customers } from "~/services/customers/index.server";
import { isSpam, commitNotice, getCustomerId } from "~/services/http/index.server";
import { getSite } from "~/services/site/index.server";
import { pageMeta, siteFromMatches } from "~/utils/meta";
import { routeTitle } from "~/models/page-titles";
import type { SiteId } from "~/models/site";
import { readFormData, replyWith } from "~/utils/form.server";

const CONTACT_PATH = "/contact-us";
/** 'Contact Us' on both sites (catalogue spec section 2 title tables). */
const contactTitle = (site: SiteId) => routeTitle(site, CONTACT_PATH);

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: contactTitle(siteFromMatches(matches)),
    description:
      "Questions about an order, Autoship or our foods? Send us a message and we reply within one business day.",
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const site = getSite(request);
  const { details, topics } = await contactPageOf(site);
  const customerId = await getCustomerId(request);
  // A signed-in shopper need not type who they are.
  let prefill: { name: string; email: string; phone: string } | null = null;
  if (customerId) {
    const profile = await customers.getProfile(customerId);
    prefill = {
      name: `${profile.firstName} ${profile.lastName}`.trim(),
      email: profile.email,
      phone: profile.phone ?? "",
    };
  }
  return json({ site, details, topics, prefill }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const site = getSite(request);
  const formData = await readFormData(request);
  const { topics } = await contactPageOf(site);
  const submission = parseWithZod(formData, { schema: contactSchema(topics) });
  if (isSpam(formData)) {
    return replyWith(submission, { formErrors: ["Your message could not be sent. Reload the page and try again."] });
  }
  if (submission.status !== "success") return replyWith(submission);
  const result = await contact.sendContactMessage({
    site,
    customerId: await getCustomerId(request),
    input: submission.value,
    clientIp: clientIpOf(context),
  });
  if (!result.ok) {
    return replyWith(submission, {
      status: 429,
      formErrors: ["You have sent us several messages in the last hour. Please wait a while, or call or email us."],
      headers: { "Retry-After": String(result.retryAfterSeconds) },
    });
  }
  return redirect(CONTACT_PATH, {
    headers: await commitNotice(request, { tone: "success", message: CONTACT_SENT_MESSAGE }),
  });
}

export default function ContactUs() {
  const { site, details } = useLoaderData<typeof loader>();
  // A new page after each sent message: the form starts again from its defaults.
  const { key } = useLocation();
  return (
    <div className="container contact-page">
      <h1>{details?.heading ?? contactTitle(site)}</h1>
      {details?.intro ? <p className="contact-page__intro">{details.intro}</p> : null}
      <div className="contact-page__layout">
        <ContactForm key={key} />
        {details ? <ContactDetails details={details} /> : null}
      </div>
    </div>
  );
}

function ContactForm() {
  const { topics, prefill } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const schema = useMemo(() => contactSchema(topics), [topics]);
  const [form, fields] = useForm<ContactInput>({
    id: "contact-us",
    lastResult,
    constraint: getZodConstraint(schema),
    defaultValue: prefill ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="contact-form-title" className="contact-page__form">
      <h2 id="contact-form-title">Send us a message</h2>
      {/* noValidate also without JavaScript: the server's messages, beside each field, replace the browser's. */}
      <Form method="post" {...getFormProps(form)} noValidate>
        <HoneypotInputs label="Please leave this field blank" />
        <FormError errors={form.errors} id={form.errorId} />
        <TextField field={fields.name} label="Name" autoComplete="name" />
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
        <div className="field-row">
          <TextField field={fields.phone} label="Phone" type="tel" autoComplete="tel" inputMode="tel" />
          <TextField field={fields.orderNumber} label="Order number" autoComplete="off" />
        </div>
        <SelectField
          field={fields.topic}
          label="Topic"
          placeholder="Choose a topic"
          options={topics.map((topic) => ({ value: topic, label: topic }))}
        />
        <TextAreaField
          field={fields.message}
          label="Message"
          hint={`${CONTACT_MESSAGE_MIN} to ${CONTACT_MESSAGE_MAX.toLocaleString("en-US")} characters.`}
        />
        <button type="submit" className="button button--primary button--large" disabled={busy}>
          {busy ? "Sending…" : "Send message"}
        </button>
      </Form>
    </section>
  );
}

function ContactDetails({ details }: { details: { phone: string; email: string; hours: string[] } }) {
  return (
    <aside aria-labelledby="contact-details-title" className="contact-page__details">
      <h2 id="contact-details-title">Other ways to reach us</h2>
      <dl>
        <dt>Phone</dt>
        <dd>
          <a href={telHref(details.phone)}>{details.phone}</a>
        </dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${details.email}`}>{details.email}</a>
        </dd>
        {details.hours.length ? (
          <>
            <dt>Hours</dt>
            <dd>
              <ul className="contact-page__hours">
                {details.hours.map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
    </aside>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
