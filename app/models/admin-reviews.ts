// The back office's review moderation, pure parts (docs/rules.md "Back office: reviews"): which
// list an operator looks at and what a decision posts.
import { z } from "zod";

export const MODERATION_STATUSES = ["pending", "published", "rejected"] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

export const MODERATION_NOTE_MAX = 500;

/** The list's query string: the pending queue unless another status is asked for. */
export function moderationQueryOf(params: URLSearchParams): { status: ModerationStatus; page: number } {
  const status = MODERATION_STATUSES.find((s) => s === params.get("status")) ?? "pending";
  const page = Number(params.get("page"));
  return { status, page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1 };
}

/** A decision: publish or reject a review, with an optional note (kept as its moderation note). */
export const ModerationDecisionSchema = z.object({
  intent: z.enum(["publish", "reject"], { message: "Choose Publish or Reject." }),
  reviewId: z.string({ message: "Choose a review." }).trim().min(1, "Choose a review.").max(100),
  note: z
    .string()
    .trim()
    .max(MODERATION_NOTE_MAX, `Keep the note to ${MODERATION_NOTE_MAX} characters.`)
    .optional()
    .transform((value) => value || undefined),
  status: z.enum(MODERATION_STATUSES).optional().catch(undefined),
});
