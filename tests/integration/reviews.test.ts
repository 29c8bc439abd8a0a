// The embedded reviews provider (docs/rules.md "Reviews") on a fresh database of its own
// (SQLite, or PostgreSQL with TEST_POSTGRES_URL): verified buyers, moderation, one review per
// customer and product, aggregates, helpful votes, sorted and filtered lists, and the product's
// rating figures as the catalogue snapshot's cards show them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "~/db.server";
import type { PrismaClient } from "~/generated/prisma/client";
import { REVIEW_MESSAGES, ReviewError } from "~/models/reviews";
import { catalogueSnapshot } from "~/services/commerce/catalogue-snapshot.server";
import { createEmbeddedReviews } from "~/services/reviews/index.server";
import type { Reviews, ReviewView } from "~/services/reviews/types";
import { createTestDatabase } from "../helpers/db";
import { orderOfVariant } from "../helpers/orders";

let db: PrismaClient;
let url: string;
let reviews: Reviews;
let counter = 0;

beforeAll(async () => {
  ({ db, url } = await createTestDatabase());
  reviews = createEmbeddedReviews(db);
});

afterAll(async () => {
  await db.$disconnect();
});

/** A product with one variant, sold on both sites. */
async function newProduct(): Promise<{ id: string; variantId: string }> {
  const n = ++counter;
  const product = await db.product.create({
    data: {
      handle: `review-food-${n}`,
      title: `Review Food ${n}`,
      brand: "science-diet",
      productType: "Dry Dog Food",
      description: "A food for the reviews tests.",
      species: "dog",
      lifestage: "adult-dog",
      foodForm: "dry",
      minPriceCents: 2000,
      variants: {
        create: {
          sku: `REVIEW-${n}`,
          title: "4 lb bag",
          url: `review-food-${n}-4lb`,
          size: "4 lb",
          flavor: "Chicken",
          productForm: "Dry",
          packType: "bag",
          weightValue: 4,
          weightUnit: "lbs",
          priceCents: 2000,
          inventory: 10,
        },
      },
    },
    select: { id: true, variants: { select: { id: true } } },
  });
  return { id: product.id, variantId: product.variants[0].id };
}

async function newCustomer(firstName = "Dana", lastName = "Reyes"): Promise<string> {
  const n = ++counter;
  const customer = await db.customer.create({
    data: { site: "DTC", email: `reviewer-${n}@example.com`, firstName, lastName },
    select: { id: true },
  });
  return customer.id;
}

const GOOD_BODY = "My dog finishes every bowl and her coat looks great.";

async function submit(productId: string, rating: number, extra: { title?: string; body?: string } = {}) {
  return reviews.submit({
    productId,
    customerId: await newCustomer(),
    rating,
    title: extra.title ?? `${rating} stars`,
    body: extra.body ?? GOOD_BODY,
  });
}

async function reviewError(promise: Promise<unknown>): Promise<ReviewError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ReviewError);
  return error as ReviewError;
}

async function figures(productId: string) {
  return db.product.findUniqueOrThrow({ where: { id: productId }, select: { ratingCount: true, ratingSum: true } });
}

describe("verified buyer", () => {
  it("is true when the customer has a paid order of one of the product's variants", async () => {
    const product = await newProduct();
    const customerId = await newCustomer();
    await orderOfVariant(db, customerId, product.variantId);
    expect(await reviews.hasBought(customerId, product.id)).toBe(true);
    const review = await reviews.submit({
      productId: product.id,
      customerId,
      rating: 5,
      title: "Great",
      body: GOOD_BODY,
    });
    expect(review).toMatchObject({ verifiedBuyer: true, status: "published", authorName: "Dana R." });
  });

  it("is false without an order, with an order of another product, or with an unpaid order", async () => {
    const product = await newProduct();
    const other = await newProduct();
    const never = await newCustomer();
    const elsewhere = await newCustomer();
    await orderOfVariant(db, elsewhere, other.variantId);
    const unpaid = await newCustomer();
    await orderOfVariant(db, unpaid, product.variantId, { status: "pending" });
    for (const customerId of [never, elsewhere, unpaid]) {
      expect(await reviews.hasBought(customerId, product.id)).toBe(false);
      const review = await reviews.submit({
        productId: product.id,
        customerId,
        rating: 4,
        title: "Good",
        body: GOOD_BODY,
      });
      expect(review.verifiedBuyer).toBe(false);
    }
  });
});

describe("moderation", () => {
  it("holds a link or profanity as pending, uncounted, until a moderator publishes it", async () => {
    const product = await newProduct();
    const linked = await submit(product.id, 2, { body: "Cheaper at www.example.com if you look around." });
    const rude = await submit(product.id, 1, { title: "Sh1iit food" });
    expect([linked.status, rude.status]).toEqual(["pending", "pending"]);
    expect(await db.review.findUniqueOrThrow({ where: { id: linked.id } })).toMatchObject({
      moderationNote: "link",
      publishedAt: null,
    });
    expect((await db.review.findUniqueOrThrow({ where: { id: rude.id } })).moderationNote).toBe("profanity");
    expect(await figures(product.id)).toEqual({ ratingCount: 0, ratingSum: 0 });
    expect((await reviews.summary(product.id)).count).toBe(0);
    expect((await reviews.pending()).map((r) => r.id).filter((id) => [linked.id, rude.id].includes(id))).toEqual([
      linked.id,
      rude.id,
    ]);

    const published = await reviews.moderate(linked.id, "published");
    expect(published.status).toBe("published");
    expect(await figures(product.id)).toEqual({ ratingCount: 1, ratingSum: 2 });
    const rejected = await reviews.moderate(rude.id, "rejected", "Language");
    expect(rejected.status).toBe("rejected");
    expect(await figures(product.id)).toEqual({ ratingCount: 1, ratingSum: 2 });
    expect((await reviews.pending()).map((r) => r.id)).not.toContain(rude.id);

    // Rejecting a published review takes it out of the figures again.
    await reviews.moderate(linked.id, "rejected");
    expect(await figures(product.id)).toEqual({ ratingCount: 0, ratingSum: 0 });
  });

  it("shows the customer their own pending review", async () => {
    const product = await newProduct();
    const customerId = await newCustomer("Lee", "");
    await reviews.submit({ productId: product.id, customerId, rating: 3, title: "See http://x.io", body: GOOD_BODY });
    expect(await reviews.reviewBy(customerId, product.id)).toMatchObject({ status: "pending", authorName: "Lee" });
    expect((await reviews.list(product.id, { sort: "recent", rating: null, page: 1 })).total).toBe(0);
  });
});

describe("one review per customer per product", () => {
  it("refuses a second review, also when both arrive at once", async () => {
    const product = await newProduct();
    const customerId = await newCustomer();
    const input = { productId: product.id, customerId, rating: 4, title: "Good", body: GOOD_BODY };
    await reviews.submit(input);
    const error = await reviewError(reviews.submit({ ...input, rating: 1 }));
    expect(error.message).toBe("You have already reviewed this product.");

    const racer = await newCustomer();
    // A second client on the same database, so the two submits really overlap.
    const otherDb = createPrismaClient(url);
    const other = createEmbeddedReviews(otherDb);
    const results = await Promise.allSettled([
      reviews.submit({ ...input, customerId: racer }),
      other.submit({ ...input, customerId: racer, rating: 2 }),
    ]);
    await otherDb.$disconnect();
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected");
    expect(refused && (refused.reason as Error).message).toBe(REVIEW_MESSAGES.duplicate);
    expect(await db.review.count({ where: { productId: product.id, customerId: racer } })).toBe(1);
  });

  it("refuses bad input with the field it concerns, and an unknown product", async () => {
    const product = await newProduct();
    const customerId = await newCustomer();
    const base = { productId: product.id, customerId, rating: 5, title: "Fine", body: GOOD_BODY };
    expect((await reviewError(reviews.submit({ ...base, rating: 0 }))).field).toBe("rating");
    expect((await reviewError(reviews.submit({ ...base, rating: 4.5 }))).field).toBe("rating");
    expect((await reviewError(reviews.submit({ ...base, title: "  " }))).field).toBe("title");
    expect((await reviewError(reviews.submit({ ...base, body: "Too short" }))).field).toBe("body");
    expect((await reviewError(reviews.submit({ ...base, productId: "no-such-product" }))).field).toBe("product");
    expect(await db.review.count({ where: { productId: product.id } })).toBe(0);
  });
});

describe("aggregates", () => {
  it("counts, averages and distributes the published ratings only", async () => {
    const product = await newProduct();
    for (const rating of [5, 5, 4, 4, 3, 1]) await submit(product.id, rating);
    await submit(product.id, 5, { body: `${GOOD_BODY} Buy at petfood.com` }); // pending: not counted
    expect(await reviews.summary(product.id)).toEqual({ average: 3.7, count: 6, distribution: [1, 0, 1, 2, 2] });
    expect(await figures(product.id)).toEqual({ ratingCount: 6, ratingSum: 22 });
    const empty = await newProduct();
    expect(await reviews.summary(empty.id)).toEqual({ average: 0, count: 0, distribution: [0, 0, 0, 0, 0] });
  });

  it("rounds a half up (17 / 4 = 4.25 -> 4.3)", async () => {
    const product = await newProduct();
    for (const rating of [5, 4, 4, 4]) await submit(product.id, rating);
    expect((await reviews.summary(product.id)).average).toBe(4.3);
  });
});

describe("helpful votes", () => {
  it("counts a voter once, and refuses a review that is not published", async () => {
    const product = await newProduct();
    const review = await submit(product.id, 4);
    expect(await reviews.vote(review.id, "visitor:abc")).toEqual({ helpfulCount: 1, counted: true });
    expect(await reviews.vote(review.id, "visitor:abc")).toEqual({ helpfulCount: 1, counted: false });
    expect(await reviews.vote(review.id, "customer:c1")).toEqual({ helpfulCount: 2, counted: true });
    const both = await Promise.all([
      reviews.vote(review.id, "visitor:twice"),
      reviews.vote(review.id, "visitor:twice"),
    ]);
    expect(both.filter((r) => r.counted)).toHaveLength(1);
    expect(await db.review.findUniqueOrThrow({ where: { id: review.id }, select: { helpfulCount: true } })).toEqual({
      helpfulCount: 3,
    });
    expect(await db.reviewVote.count({ where: { reviewId: review.id } })).toBe(3);

    const held = await submit(product.id, 4, { body: `${GOOD_BODY} See www.dogs.com` });
    expect((await reviewError(reviews.vote(held.id, "visitor:abc"))).field).toBe("review");
    expect((await reviewError(reviews.vote("no-such-review", "visitor:abc"))).field).toBe("review");
    expect((await reviewError(reviews.vote(review.id, "anyone"))).field).toBe(null);
  });
});

describe("lists", () => {
  let productId: string;
  let byRating: Map<number, ReviewView>;

  beforeAll(async () => {
    productId = (await newProduct()).id;
    const made: ReviewView[] = [];
    // Ratings 1..5 written a day apart (5 is the newest), then 12 more 4-star reviews for paging.
    for (const rating of [1, 2, 3, 4, 5]) made.push(await submit(productId, rating));
    const day = 86_400_000;
    for (const [i, review] of made.entries()) {
      await db.review.update({
        where: { id: review.id },
        data: { publishedAt: new Date(Date.UTC(2025, 0, 1) + i * day) },
      });
    }
    byRating = new Map(made.map((r) => [r.rating, r]));
    await db.review.update({ where: { id: byRating.get(2)!.id }, data: { helpfulCount: 9 } });
    await db.review.update({ where: { id: byRating.get(3)!.id }, data: { helpfulCount: 4 } });
  });

  it("sorts by date, helpfulness and rating", async () => {
    const ids = async (sort: "recent" | "helpful" | "highest" | "lowest") =>
      (await reviews.list(productId, { sort, rating: null, page: 1 })).reviews.map((r) => r.rating);
    expect(await ids("recent")).toEqual([5, 4, 3, 2, 1]);
    expect(await ids("helpful")).toEqual([2, 3, 5, 4, 1]);
    expect(await ids("highest")).toEqual([5, 4, 3, 2, 1]);
    expect(await ids("lowest")).toEqual([1, 2, 3, 4, 5]);
  });

  it("filters by rating and pages by ten, the last page when asked past it", async () => {
    for (let i = 0; i < 12; i++) await submit(productId, 4);
    const fours = await reviews.list(productId, { sort: "recent", rating: 4, page: 1 });
    expect(fours).toMatchObject({ total: 13, page: 1, pageSize: 10 });
    expect(fours.reviews).toHaveLength(10);
    expect(fours.reviews.every((r) => r.rating === 4)).toBe(true);
    expect(fours.summary.count).toBe(17);
    const second = await reviews.list(productId, { sort: "recent", rating: 4, page: 2 });
    expect(second.reviews).toHaveLength(3);
    expect(second.reviews[2].id).toBe(byRating.get(4)!.id);
    expect((await reviews.list(productId, { sort: "recent", rating: 4, page: 99 })).page).toBe(2);
    expect((await reviews.list(productId, { sort: "recent", rating: 2, page: 1 })).total).toBe(1);
  });
});

describe("card figures", () => {
  it("reach the catalogue snapshot's card when a review is published", async () => {
    const product = await newProduct();
    const before = (await catalogueSnapshot(db)).byId.get(product.id);
    expect(before?.card.rating).toBeNull();
    const updatedAt = (await db.product.findUniqueOrThrow({ where: { id: product.id } })).updatedAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await submit(product.id, 5);
    await submit(product.id, 4);
    expect((await db.product.findUniqueOrThrow({ where: { id: product.id } })).updatedAt.getTime()).toBeGreaterThan(
      updatedAt.getTime(),
    );
    // The snapshot checks its version figures at most every FRESHNESS_MS.
    await expect
      .poll(async () => (await catalogueSnapshot(db)).byId.get(product.id)?.card.rating, { timeout: 10_000 })
      .toEqual({ average: 4.5, count: 2 });
  });
});
