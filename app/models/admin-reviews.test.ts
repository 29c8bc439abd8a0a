import { describe, expect, it } from "vitest";
import { MODERATION_NOTE_MAX, ModerationDecisionSchema, moderationQueryOf } from "./admin-reviews";

describe("moderation list and decision", () => {
  it("shows the pending queue unless another status is asked for", () => {
    expect(moderationQueryOf(new URLSearchParams(""))).toEqual({ status: "pending", page: 1 });
    expect(moderationQueryOf(new URLSearchParams("status=rejected&page=3"))).toEqual({ status: "rejected", page: 3 });
    expect(moderationQueryOf(new URLSearchParams("status=deleted&page=0"))).toEqual({ status: "pending", page: 1 });
  });

  it("takes a note of exactly the limit and refuses one character more", () => {
    const base = { intent: "reject", reviewId: "r1" };
    expect(ModerationDecisionSchema.safeParse({ ...base, note: "x".repeat(MODERATION_NOTE_MAX) }).success).toBe(true);
    expect(ModerationDecisionSchema.safeParse({ ...base, note: "x".repeat(MODERATION_NOTE_MAX + 1) }).success).toBe(
      false,
    );
    expect(ModerationDecisionSchema.parse({ ...base, note: "  " }).note).toBeUndefined();
    expect(ModerationDecisionSchema.safeParse({ intent: "delete", reviewId: "r1" }).success).toBe(false);
  });
});
