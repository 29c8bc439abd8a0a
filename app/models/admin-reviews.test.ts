import { describe, expect, it } from "vitest";
import { confirmedIntents, intentPermissions } from "./admin-intents";
import { MODERATION_NOTE_MAX, moderationQueryOf, REVIEW_INTENTS, unpublishQuestion } from "./admin-reviews";

describe("moderation list and decision", () => {
  it("shows the pending queue unless another status is asked for", () => {
    expect(moderationQueryOf(new URLSearchParams(""))).toEqual({ status: "pending", page: 1 });
    expect(moderationQueryOf(new URLSearchParams("status=rejected&page=3"))).toEqual({ status: "rejected", page: 3 });
    expect(moderationQueryOf(new URLSearchParams("status=deleted&page=0"))).toEqual({ status: "pending", page: 1 });
  });

  it("takes a note of exactly the limit and refuses one character more", () => {
    const schema = REVIEW_INTENTS.reject.schema;
    const base = { intent: "reject", reviewId: "r1" };
    expect(schema.safeParse({ ...base, note: "x".repeat(MODERATION_NOTE_MAX) }).success).toBe(true);
    const long = schema.safeParse({ ...base, note: "x".repeat(MODERATION_NOTE_MAX + 1) });
    expect(long.error?.flatten().fieldErrors.note).toEqual([`Keep the note to ${MODERATION_NOTE_MAX} characters.`]);
    expect(schema.parse({ ...base, note: "  " }).note).toBeUndefined();
    expect(schema.safeParse({ ...base, reviewId: " " }).success).toBe(false);
  });
});

describe("REVIEW_INTENTS", () => {
  it("is the reviews page's whole intent → permission table, and only Unpublish asks first", () => {
    expect(intentPermissions(REVIEW_INTENTS)).toEqual({
      publish: "reviews.moderate",
      reject: "reviews.moderate",
      unpublish: "reviews.moderate",
    });
    expect(confirmedIntents(REVIEW_INTENTS)).toEqual(["unpublish"]);
    expect(unpublishQuestion({ title: "Great food", productTitle: "Dog Chow" })).toMatch(
      /^Unpublish “Great food” on Dog Chow\? It leaves the product page/,
    );
  });
});
