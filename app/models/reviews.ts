// Review rules (docs/rules.md "Reviews"): what a review may contain, when moderation holds
// it, how ratings add up. Pure.

/** Reviews per page of a product's list. */
export const REVIEW_PAGE_SIZE = 10;

/** A review the shop refuses, with the message the shopper sees and the field it concerns. */
export class ReviewError extends Error {
  constructor(
    message: string,
    readonly field: "rating" | "title" | "body" | "product" | null = null,
  ) {
    super(message);
    this.name = "ReviewError";
  }
}
