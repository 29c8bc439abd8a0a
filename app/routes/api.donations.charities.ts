// GET /api/donations/charities?term=&location=&state= → { results: CauseOption[] }: the
// charity search of the donation panel with JavaScript (docs/rules.md "Donation choice";
// catalogue spec section 5). The donation layer sends the term, the zip or the city, the
// state, category 3, 25 results from offset 0 (`charitySearchQuery`). A query that fails
// `CharitySearchSchema` is a 400 whose message is its first problem; the staff site,
// which gives no donations, has no such call.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { CharitySearchSchema } from "~/models/donation-forms";
import { sitePolicy } from "~/models/site-policy";
import { donations } from "~/services/donations/index.server";
import { getSite } from "~/services/site/index.server";
import { apiError, methodNotAllowed, NO_STORE, notFound, zodFields } from "~/utils/api.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const site = getSite(request);
  if (!sitePolicy(site).givesDonations) return notFound("There is no such call.");
  const parsed = CharitySearchSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    return apiError(400, "INVALID_REQUEST", parsed.error.issues[0].message, zodFields(parsed.error));
  }
  const results = await donations.searchCharities(site, parsed.data);
  return json({ results }, { headers: NO_STORE });
}

export const action = () => methodNotAllowed(["GET"]);
