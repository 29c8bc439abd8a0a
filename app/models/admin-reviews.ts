// The back office's review moderation, pure parts (docs/rules.md "Back office: reviews"): which
// list an operator looks at and the page's actions (`REVIEW_INTENTS`).
import { z } from "zod";
import { defineIntents } from "./admin-intents";

export const MODERATION_STATUSES = ["pending", "published", "rejected"] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

export const MODERATION_NOTE_MAX = 500;

/** The list's query string: the pending queue unless another status is asked for. */
export function moderationQueryOf(params: URLSearchParams): { status: ModerationStatus; page: number } {
  const status = MODERATION_STATUSES.find((s) => s === params.get("status")) ?? "pending";
  const page = Number(params.get("page"));
  return { status, page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1 };
}

/** What every decision posts: the review, an optional note (kept as its moderation note), the list it was on. */
const decision = {
  reviewId: z.string({ message: "Choose a review." }).trim().min(1, "Choose a review.").max(100),
  note: z
    .string()
    .trim()
    .max(MODERATION_NOTE_MAX, `Keep the note to ${MODERATION_NOTE_MAX} characters.`)
    .optional()
    .transform((value) => value || undefined),
  status: z.enum(MODERATION_STATUSES).optional().catch(undefined),
};

/**
 * The reviews page's actions (docs/rules.md "Back office: one form contract"): Publish, Reject (a
 * review not on the shop) and Unpublish (a published one: it leaves the product page and its
 * rating, so it asks first). Rejecting a published review is refused: it is Unpublish's.
 */
export const REVIEW_INTENTS = defineIntents({
  publish: { schema: z.object({ intent: z.literal("publish"), ...decision }), permission: "reviews.moderate" },
  reject: { schema: z.object({ intent: z.literal("reject"), ...decision }), permission: "reviews.moderate" },
  unpublish: {
    schema: z.object({ intent: z.literal("unpublish"), ...decision }),
    permission: "reviews.moderate",
    confirm: { label: "Unpublish the review" },
  },
});

/** What Unpublish does, asked before it is done. */
export function unpublishQuestion(review: { title: string; productTitle: string }): string {
  return `Unpublish “${review.title}” on ${review.productTitle}? It leaves the product page and its rating now, and shows as rejected.`;
}

/** Why Reject refuses a published review. */
export const REJECT_PUBLISHED_MESSAGE = "This review is published now: Unpublish it, which asks first.";
