// Reviews on pages (docs/rules.md "Reviews on pages"): the list's URL query, the rating texts,
// the voter's key, and the JSON-LD that carries the reviews only when the page shows them.
import { describe, expect, it } from "vitest";
import {
  cardRatingText,
  reviewQuerySearch,
  reviewThanks,
  starsText,
  voterKey,
  type ProductReviewsData,
  type ShownReview,
} from "./review-pages";
import { reviewFormSchema } from "./review-form";
import { productJsonLd, reviewsJsonLd } from "./product-json-ld";

const params = (search: string) => new URLSearchParams(search);

describe("reviewQuerySearch", () => {
  it("keeps the page's own parameters and leaves the defaults out", () => {
    expect(reviewQuerySearch(params("sku=X1&reviews_page=2"), { sort: "recent", rating: null, page: 1 })).toBe(
      "?sku=X1",
    );
    expect(reviewQuerySearch(params(""), { sort: "lowest", rating: 2, page: 2 })).toBe(
      "?reviews_sort=lowest&reviews_rating=2&reviews_page=2",
    );
  });
});

describe("rating texts", () => {
  it("reads the stars aloud", () => {
    expect(starsText(4.25)).toBe("4.3 out of 5 stars");
    expect(starsText(4)).toBe("4 out of 5 stars");
    expect(cardRatingText(4.25, 23)).toBe("Rated 4.3 out of 5, 23 reviews");
    expect(cardRatingText(5, 1)).toBe("Rated 5.0 out of 5, 1 review");
  });
  it("thanks the reviewer by the review's status", () => {
    expect(reviewThanks("published")).toBe("Thanks! Your review is published.");
    expect(reviewThanks("pending")).toBe("Thanks! Your review will appear once we have checked it.");
  });
  it("keys a voter by customer or visitor", () => {
    expect(voterKey({ customerId: "c1" })).toBe("customer:c1");
    expect(voterKey({ visitorId: "ab" })).toBe("visitor:ab");
  });
});

describe("reviewFormSchema", () => {
  it("needs 1 to 5 stars, a title and a text, with the reviews service's messages", () => {
    const result = reviewFormSchema.safeParse({ rating: "6", title: " ", body: "short" });
    expect(result.success).toBe(false);
    const messages = result.success ? [] : result.error.issues.map((issue) => issue.message);
    expect(messages).toEqual([
      "Choose a star rating from 1 to 5.",
      "Enter a title for your review.",
      "The review must be at least 10 characters.",
    ]);
    expect(reviewFormSchema.safeParse({ title: "Good", body: "Liked it a lot" }).success).toBe(false);
    expect(reviewFormSchema.parse({ rating: "4", title: " Good ", body: "Liked it a lot" })).toEqual({
      rating: 4,
      title: "Good",
      body: "Liked it a lot",
    });
  });
});

const review = (id: string, status: ShownReview["status"] = "published"): ShownReview => ({
  id,
  authorName: "Dana R.",
  rating: 4,
  title: `Title ${id}`,
  body: `Body ${id}`,
  verifiedBuyer: true,
  helpfulCount: 0,
  date: "2026-03-04T10:00:00.000Z",
  dateLabel: "March 4, 2026",
  status,
});

const shown = (reviews: ShownReview[], count = reviews.length): ProductReviewsData => ({
  mode: "shown",
  productId: "p1",
  summary: { average: 4.3, count, distribution: [0, 0, 1, 5, 4] },
  reviews,
  total: count,
  page: 1,
  pageSize: 10,
  query: { sort: "recent", rating: null, page: 1 },
  own: null,
  signedIn: false,
  writeHref: "/shelter/login",
});

describe("reviewsJsonLd", () => {
  it("carries AggregateRating and up to 5 published reviews when the page shows them", () => {
    const ld = reviewsJsonLd(
      shown([review("a", "pending"), ...["b", "c", "d", "e", "f", "g"].map((id) => review(id))], 10),
    );
    expect(ld.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.3,
      reviewCount: 10,
      bestRating: 5,
      worstRating: 1,
    });
    const items = ld.review as Record<string, unknown>[];
    expect(items).toHaveLength(5);
    expect(items.map((item) => item.name)).toEqual(["Title b", "Title c", "Title d", "Title e", "Title f"]);
    expect(items[0]).toEqual({
      "@type": "Review",
      author: { "@type": "Person", name: "Dana R." },
      datePublished: "2026-03-04",
      name: "Title b",
      reviewBody: "Body b",
      reviewRating: { "@type": "Rating", ratingValue: 4, bestRating: 5, worstRating: 1 },
    });
  });
  it("carries nothing without consent, with a provider widget, or without published reviews", () => {
    expect(reviewsJsonLd({ mode: "declined" })).toEqual({});
    expect(reviewsJsonLd({ mode: "widget", productId: "p1" })).toEqual({});
    expect(reviewsJsonLd(shown([], 0))).toEqual({});
    expect(reviewsJsonLd(undefined)).toEqual({});
  });
  it("is part of the product page's Product JSON-LD", () => {
    const input = {
      origin: "https://shop.test",
      canonicalPath: "/products/b/h/f/s",
      product: { title: "Kibble", description: "Food", brand: "b", images: [] },
      variant: { sku: "S1", priceCents: 1000, inventory: 3, weightValue: 1, weightUnit: "lbs" } as never,
    };
    expect(productJsonLd({ ...input, reviews: shown([review("a")]) }).aggregateRating).toBeDefined();
    const declined = productJsonLd({ ...input, reviews: { mode: "declined" } });
    expect(declined.aggregateRating).toBeUndefined();
    expect(declined.review).toBeUndefined();
  });
});
