// The review form (docs/rules.md "Reviews on pages"), apart from the page rules so the
// product page's JavaScript does not carry zod (docs/rules.md "Client JavaScript budget").
import { z } from "zod";
import { BODY_MAX_LENGTH, BODY_MIN_LENGTH, RATING_MAX, RATING_MIN, REVIEW_MESSAGES, TITLE_MAX_LENGTH } from "./reviews";

/**
 * The review form (stars, title, text), checked in the browser and again on the server with
 * the reviews service's limits and messages; the service's `validateReview` has the last word.
 */
export const reviewFormSchema = z.object({
  rating: z.coerce
    .number({ required_error: REVIEW_MESSAGES.rating, invalid_type_error: REVIEW_MESSAGES.rating })
    .int(REVIEW_MESSAGES.rating)
    .min(RATING_MIN, REVIEW_MESSAGES.rating)
    .max(RATING_MAX, REVIEW_MESSAGES.rating),
  title: z
    .string({ required_error: REVIEW_MESSAGES.titleMissing })
    .trim()
    .min(1, REVIEW_MESSAGES.titleMissing)
    .max(TITLE_MAX_LENGTH, REVIEW_MESSAGES.titleTooLong),
  body: z
    .string({ required_error: REVIEW_MESSAGES.bodyTooShort })
    .trim()
    .min(BODY_MIN_LENGTH, REVIEW_MESSAGES.bodyTooShort)
    .max(BODY_MAX_LENGTH, REVIEW_MESSAGES.bodyTooLong),
});
export type ReviewFormInput = z.infer<typeof reviewFormSchema>;
