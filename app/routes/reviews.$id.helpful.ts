// POST /reviews/{id}/helpful (docs/rules.md "Reviews on pages"; docs/api.md): counts a
// helpful vote once per voter, the signed-in customer or the anonymous visitor whose id a
// functional cookie keeps. Needs functional consent (403 without). A fetcher (`_response=json`)
// gets the count back; a plain post returns 303 to the review on the page it came from.
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { allows } from "~/models/consent";
import { referrerPath } from "~/models/guards";
import { localPathOr } from "~/models/redirect-param";
import {
  HELPFUL_DECLINED_MESSAGE,
  HELPFUL_REPEAT_MESSAGE,
  HELPFUL_THANKS_MESSAGE,
  voterKey,
} from "~/models/review-pages";
import { REVIEW_MESSAGES, ReviewError } from "~/models/reviews";
import { readConsent } from "~/services/consent/index.server";
import { commitNotice, getCustomerId } from "~/services/http/index.server";
import { reviews } from "~/services/reviews/index.server";
import { getSite, publicOrigin } from "~/services/site/index.server";
import { readFormData } from "~/utils/form.server";
import { newVisitorCookie, readVisitorId } from "~/utils/reviews.server";

const NO_STORE = { "Cache-Control": "private, no-store" };
const REVIEW_ID = /^[A-Za-z0-9_-]{1,64}$/;

function refuse(status: number, message: string, wantsJson: boolean, extra: HeadersInit = {}): Response {
  if (wantsJson) return json({ message }, { status, headers: { ...NO_STORE, ...extra } });
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE, ...extra },
  });
}

/** A vote is a change: only POST (a GET, as from a crawler following a link, changes nothing). */
export function loader() {
  return refuse(405, "Vote with a POST from the product page.", false, { Allow: "POST" });
}

/** The page the vote came from: the form's `redirectTo`, else the same-site referer, else home. */
function backTo(request: Request, formData: FormData): string {
  const explicit = formData.get("redirectTo");
  if (typeof explicit === "string" && explicit) return localPathOr(explicit, "/");
  const back = referrerPath(request.headers.get("Referer"), publicOrigin(getSite(request)));
  return back ? localPathOr(back, "/") : "/";
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") {
    return refuse(405, "Vote with a POST from the product page.", false, { Allow: "POST" });
  }
  const formData = await readFormData(request);
  const wantsJson = formData.get("_response") === "json";
  const id = params.id ?? "";
  if (!REVIEW_ID.test(id)) return refuse(404, REVIEW_MESSAGES.unknownReview, wantsJson);
  // Reviews, votes included, need functional consent (catalogue spec section 8).
  if (!allows(readConsent(request), "functional")) return refuse(403, HELPFUL_DECLINED_MESSAGE, wantsJson);

  let visitorCookie: string | null = null;
  const customerId = await getCustomerId(request);
  let key: string;
  if (customerId) key = voterKey({ customerId });
  else {
    let visitorId = readVisitorId(request);
    if (!visitorId) {
      const made = newVisitorCookie();
      visitorId = made.visitorId;
      visitorCookie = made.setCookie;
    }
    key = voterKey({ visitorId });
  }

  let result: { helpfulCount: number; counted: boolean };
  try {
    result = await reviews.vote(id, key);
  } catch (error) {
    // The service refuses a vote for a review that does not exist or is not published.
    if (!(error instanceof ReviewError)) throw error;
    return refuse(error.field === "review" ? 404 : 400, error.message, wantsJson);
  }
  if (wantsJson) {
    const headers = new Headers(NO_STORE);
    if (visitorCookie) headers.append("Set-Cookie", visitorCookie);
    return json(result, { headers });
  }
  // Without JavaScript a notice says what happened; its session cookie also makes the page
  // that follows personal, so it is rendered afresh with the new count, not from the page cache.
  const headers = await commitNotice(request, {
    tone: "success",
    message: result.counted ? HELPFUL_THANKS_MESSAGE : HELPFUL_REPEAT_MESSAGE,
  });
  if (visitorCookie) headers.append("Set-Cookie", visitorCookie);
  headers.set("Cache-Control", NO_STORE["Cache-Control"]);
  const back = backTo(request, formData).split("#")[0];
  headers.set("Location", `${back}#review-${id}`);
  return new Response(null, { status: 303, headers });
}
