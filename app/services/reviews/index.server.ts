// The reviews service (docs/rules.md "Reviews"): the embedded provider on the shop's database.
// Where REVIEWS_SCRIPT_URL is set, the provider's script loads in the browser after functional
// consent (the consent service lists it); our own figures still come from here.
import { prisma } from "~/db.server";
import { createEmbeddedReviews } from "./embedded.server";

export { createEmbeddedReviews, MODERATION_PAGE_SIZE } from "./embedded.server";
export type * from "./types";

/** The shop's reviews. */
export const reviews = createEmbeddedReviews(prisma);
