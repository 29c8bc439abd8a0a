// The donation choice as the cart and checkout pages read it (docs/rules.md "Donation
// choice"): the cart with who is shopping (for the donation service's segments), the
// widget, and the page's own charity search (`?charity=`, without JavaScript).
import { pageCharitySearch } from "~/models/donation-forms";
import { isServiceError } from "~/models/service-error";
import type { Cart } from "~/services/commerce/index.server";
import { customers } from "~/services/customers/index.server";
import {
  donations,
  type CauseOption,
  type DonationCartContext,
  type DonationWidget,
} from "~/services/donations/index.server";
import { getCustomerId } from "~/services/http/index.server";
import { getSite } from "~/services/site/index.server";

/** The signed-in customer as segments see them, or null for a guest (or a customer that is gone). */
async function shopper(customerId: string | null): Promise<DonationCartContext["customer"]> {
  if (!customerId) return null;
  try {
    const profile = await customers.getProfile(customerId);
    return { id: profile.id, acceptsMarketing: profile.acceptsMarketing };
  } catch (error) {
    if (isServiceError(error)) return null;
    throw error;
  }
}

/** The donation layer's view of the request's cart. */
export async function donationContext(
  request: Request,
  cart: Cart,
  customerId?: string | null,
): Promise<DonationCartContext> {
  const id = customerId === undefined ? await getCustomerId(request) : customerId;
  return { site: getSite(request), cart, customer: await shopper(id) };
}

/** The page's charity search (without JavaScript): the form's values, its results or why it was not run. */
export interface DonationSearchView {
  values: { term: string; location: string; state: string };
  results: CauseOption[] | null;
  error: string | null;
}

/**
 * What a cart or checkout page shows of the donation: the widget, and the search its
 * query asks for (`?charity=…&location=…&state=…`) where the widget offers the search.
 */
export async function pageDonation(
  request: Request,
  context: DonationCartContext,
): Promise<{ donation: DonationWidget; donationSearch: DonationSearchView | null }> {
  const donation = await donations.widget(context);
  const asked = donation.show && donation.searchEnabled ? pageCharitySearch(new URL(request.url).searchParams) : null;
  if (!asked) return { donation, donationSearch: null };
  const results = asked.query ? await donations.searchCharities(context.site, asked.query) : null;
  return { donation, donationSearch: { values: asked.values, results, error: asked.error } };
}
