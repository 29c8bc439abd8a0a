import { prisma } from "~/db.server";
import { staffSettings, siteSettings } from "~/env.server";
import { sitePolicy } from "~/models/site-policy";
import { customers } from "~/services/customers/index.server";
import { stockDestinationFor } from "~/models/staff-program";
import { getCustomerId, getLocation } from "~/services/http/index.server";
import { logger } from "~/services/observability/index.server";
import { getSite } from "~/services/site/index.server";
import { createStaffProgram, type StaffMember } from "./staff.server";

export { StaffError, type StaffMember } from "./staff.server";

/** The staff-feeding program on our own database (the identity and commerce providers' data). */
export const staffProgram = createStaffProgram({
  db: prisma,
  customers,
  settings: () => ({
    eligibleGroups: staffSettings.PD_ELIGIBLE_ACCOUNT_GROUPS,
    discountPercent: staffSettings.PROGRAM_DISCOUNT_PERCENT,
    monthlyQuotaCents: staffSettings.STAFF_MONTHLY_QUOTA_CENTS,
    timeZone: siteSettings.SHOP_TIME_ZONE,
  }),
});

const members = new WeakMap<Request, Promise<StaffMember | null>>();

/**
 * The signed-in staff member of a request (null on the consumer site, for a
 * guest, or for a customer who is not a staff user). Read once per request:
 * the root loader and the page's loader share the answer.
 */
export function staffMemberOf(request: Request): Promise<StaffMember | null> {
  if (!sitePolicy(getSite(request)).staffProgram) return Promise.resolve(null);
  let pending = members.get(request);
  if (!pending) {
    pending = getCustomerId(request).then((customerId) => (customerId ? staffProgram.member(customerId) : null));
    members.set(request, pending);
  }
  return pending;
}

/**
 * Where the request's cart stock is checked (docs/rules.md "Staff-feeding program"): CLINIC
 * only for a registered member shipping to their clinic (`stockDestinationFor`).
 */
export async function stockDestinationOf(request: Request): Promise<"CLINIC" | "HOME"> {
  const [member, location] = await Promise.all([staffMemberOf(request), getLocation(request)]);
  return stockDestinationFor({ registeredMember: member?.isRegistered === true, atClinic: location.atClinic });
}

/**
 * Staff-feeding onboarding (docs/rules.md "Staff onboarding", shop-core spec
 * section 4), run where the customer is loaded: at sign-in and at registration.
 * A registered member's onboarding metafields are written (a refused one is
 * logged) and their location returned for the session; null for anyone else.
 */
export async function onboardMember(customerId: string): Promise<string | null> {
  const member = await staffProgram.member(customerId);
  if (!member?.isRegistered) return null;
  const onboarded = await staffProgram.onboard(customerId);
  for (const refused of onboarded.refused) {
    logger().warn({ metafield: refused.key }, `onboarding: metafield ${refused.key} refused: ${refused.message}`);
  }
  return onboarded.location;
}
