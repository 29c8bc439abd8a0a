// The reviews service's interface (docs/rules.md "Reviews"): what the shop asks of a
// reviews provider. The embedded provider keeps reviews in our database; a remote
// provider's adapter would implement the same interface.

import type { AuditActor } from "~/models/audit";
import type { ReviewSort } from "~/models/review-query";
import type { RatingSummary, ReviewStatus, ReviewView } from "~/models/reviews";

export type { RatingSummary, ReviewStatus, ReviewView };

/** Orders of the review list: newest first, most helpful, highest or lowest rating (`REVIEW_SORT_KEYS`). */
export type { ReviewSort };

export interface ReviewListQuery {
  sort: ReviewSort;
  /** Only reviews of this many stars. */
  rating: number | null;
  /** 1-based. */
  page: number;
}

export interface ReviewList {
  summary: RatingSummary;
  reviews: ReviewView[];
  /** Reviews matching the filter (for "Showing 1-10 of 23"). */
  total: number;
  page: number;
  pageSize: number;
}

export interface ReviewInput {
  productId: string;
  customerId: string;
  rating: number;
  title: string;
  body: string;
}

/** A review as a moderator sees it: with its product and why it was held. */
export interface ModerationView extends ReviewView {
  productTitle: string;
  /** The product page (its first variant's path), to check a decision on the shop. */
  productPath: string | null;
  moderationNote: string | null;
  createdAt: string;
}

export interface ModerationList {
  reviews: ModerationView[];
  total: number;
  page: number;
  pageSize: number;
}

export interface Reviews {
  summary(productId: string): Promise<RatingSummary>;
  list(productId: string, query: ReviewListQuery): Promise<ReviewList>;
  /** The customer's own review of a product, in any status, or null. */
  reviewBy(customerId: string, productId: string): Promise<ReviewView | null>;
  /** Whether the customer bought the product (a paid order line of one of its variants). */
  hasBought(customerId: string, productId: string): Promise<boolean>;
  /**
   * Writes the customer's review: published at once, or held as pending when moderation finds a
   * link or profanity. Throws ReviewError when the input is invalid or the customer already
   * reviewed the product.
   */
  submit(input: ReviewInput): Promise<ReviewView>;
  /** Counts a helpful vote once per voter ("customer:<id>" or "visitor:<id>"); a repeat changes nothing. */
  vote(reviewId: string, voterKey: string): Promise<{ helpfulCount: number; counted: boolean }>;
  /** Reviews waiting for a moderator, oldest first. */
  pending(limit?: number): Promise<ReviewView[]>;
  /** Reviews of one status for the back office: pending oldest first, decided newest first. */
  moderation(status: ReviewStatus, page: number): Promise<ModerationList>;
  /** One review as a moderator decides on it (its title, product and status), or null when there is none. */
  forModeration(reviewId: string): Promise<{ title: string; productTitle: string; status: ReviewStatus } | null>;
  /**
   * A moderator's decision; keeps the product's rating figures in step. With `actor` (a
   * back-office user) the decision is audited in its transaction (docs/rules.md "Back office:
   * reviews"); the seed and tests may decide without one.
   */
  moderate(
    reviewId: string,
    status: Exclude<ReviewStatus, "pending">,
    note?: string,
    actor?: AuditActor | null,
  ): Promise<ReviewView>;
}
