// /cookie-preferences (catalogue spec sections 3 and 4; docs/rules.md "Consent"; docs/api.md):
// GET shows the cookie preferences as a page (the footer link and "here" in the reviews
// message without JavaScript); POST records a choice in the consent cookie and goes back to
// the page it came from (303), or answers JSON to the consent manager's fetcher.
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { z } from "zod";
import { CONSENT_SAVED_EVENT, ConsentPreferencesForm } from "~/components/consent-preferences";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PRIVATE_NO_STORE } from "~/models/cache-policy";
import { consentAfter, COOKIE_PREFERENCES_PATH, type ConsentChoice } from "~/models/consent";
import { referrerPath } from "~/models/guards";
import { localPathOr } from "~/models/redirect-param";
import { consentSetCookie, readConsent } from "~/services/consent/index.server";
import { publicOrigin } from "~/services/site/index.server";
import { getSite } from "~/services/site/index.server";
import { readFormData, replyWith } from "~/utils/form.server";
import { replyFor } from "~/utils/form";
import { pageMeta } from "~/utils/meta";

const TITLE = "Cookie preferences";
const BAD_INTENT = "Choose Accept all, Reject all or Save choices.";

/** The posted choice: an intent, and with "save" the optional categories' checkboxes. */
const choiceSchema = z.object({
  intent: z.enum(["accept-all", "reject-all", "save"], { message: BAD_INTENT }),
  functional: z.boolean().optional(),
  advertising: z.boolean().optional(),
  redirectTo: z.string().max(2048).optional(),
  reply: z.literal("json").optional(),
});

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: TITLE, description: "Choose which cookies the shop may use." });

/** Where to go back to: the page that linked here (same origin, not this page), else home. */
function backPath(request: Request): string {
  const url = new URL(request.url);
  const fromQuery = url.searchParams.get("redirectTo");
  const previous = referrerPath(request.headers.get("Referer"), publicOrigin(getSite(request)));
  const fallback = previous && !previous.startsWith(COOKIE_PREFERENCES_PATH) ? previous : "/";
  return localPathOr(fromQuery, fallback);
}

export function loader({ request }: LoaderFunctionArgs) {
  return json(
    { consent: readConsent(request), redirectTo: backPath(request) },
    { headers: { "Cache-Control": PRIVATE_NO_STORE } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: choiceSchema });
  if (submission.status !== "success") return replyWith(submission, { form: "consent", formErrors: [BAD_INTENT] });
  const { intent, functional = false, advertising = false, redirectTo, reply } = submission.value;
  const choice: ConsentChoice = intent === "save" ? { intent, functional, advertising } : { intent };
  const consent = consentAfter(choice);
  const headers = { "Set-Cookie": consentSetCookie(consent), "Cache-Control": PRIVATE_NO_STORE };
  // With JavaScript the fetcher stays on the page; the loaders revalidate and read the cookie.
  if (reply === "json") return json({ consent }, { headers });
  return redirect(localPathOr(redirectTo, "/"), { status: 303, headers });
}

export default function CookiePreferencesPage() {
  const { consent, redirectTo } = useLoaderData<typeof loader>();
  const error = replyFor(useActionData<typeof action>(), "consent")?.error?.[""]?.[0];
  // With JavaScript the consent manager saves the choice in place and says so.
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    const onSaved = () => setSaved(true);
    window.addEventListener(CONSENT_SAVED_EVENT, onSaved);
    return () => window.removeEventListener(CONSENT_SAVED_EVENT, onSaved);
  }, []);
  return (
    <div className="container consent-page">
      <h1>{TITLE}</h1>
      <p>
        Choose which cookies the shop may use. Required cookies keep the shop working; the others are used only with
        your permission, and you can change your choice here at any time.
      </p>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      <ConsentPreferencesForm consent={consent} idPrefix="consent-page" redirectTo={redirectTo} />
      <p role="status" className="consent-page__status">
        {saved ? "Your cookie choices are saved." : ""}
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
