// Reviews on pages, at the routes (docs/rules.md "Reviews on pages"): the product page's loader
// hands out no review data without functional consent; the review page writes one review per
// customer (verified buyer when they bought it); helpful votes count once, need consent, and
// answer 404 for a review that is not shown.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { CONSENT_COOKIE_NAME } from "~/models/consent";
import { decodeRedirect } from "~/models/redirect-param";
import type { ProductReviewsData } from "~/models/review-pages";
import { loader as orderLoader } from "~/routes/account.orders_.$id";
import { loader as productLoader } from "~/routes/products.$";
import { action as reviewAction, loader as reviewLoader } from "~/routes/review.$handle";
import { action as helpfulAction, loader as helpfulLoader } from "~/routes/reviews.$id.helpful";
import { reviews } from "~/services/reviews/index.server";
import { callRoute, flashedNotice, formRequest, getRequest, Jar, ORIGIN, signedInJar } from "../helpers/routes";
import { orderOfVariant } from "../helpers/orders";
import { ensureSeeded } from "../helpers/seeded";

const FUNCTIONAL = "required.functional";
const DECLINED = "required";

/** A jar holding the consent cookie (the banner's choice), optionally on top of a signed-in one. */
function withConsent(value: string, jar = new Jar()): Jar {
  jar.store(new Response(null, { headers: { "Set-Cookie": `${CONSENT_COOKIE_NAME}=${value}; Path=/` } }));
  return jar;
}

interface Product {
  id: string;
  handle: string;
  variants: { id: string; sku: string; title: string; priceCents: number }[];
  title: string;
}
let products: Product[];

beforeAll(async () => {
  await ensureSeeded();
  products = await prisma.product.findMany({
    where: { soldOnDtc: true },
    select: {
      id: true,
      handle: true,
      title: true,
      variants: { select: { id: true, sku: true, title: true, priceCents: true }, orderBy: { sku: "asc" } },
    },
    orderBy: { handle: "asc" },
    take: 12,
  });
  expect(products.length).toBeGreaterThan(6);
});

/** The product page's loader data (DeferredData resolved). */
async function productPage(handle: string, jar: Jar, search = "") {
  let result: unknown;
  try {
    result = await productLoader({
      request: getRequest(`/products/${handle}${search}`, jar),
      params: { "*": handle },
      context: {},
    } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: null };
    throw thrown;
  }
  const deferred = result as { data: Record<string, unknown> };
  return { status: 200, data: deferred.data as { reviews: ProductReviewsData } & Record<string, unknown> };
}

async function newCustomer(firstName = "Robin", lastName = "Lee") {
  return prisma.customer.create({
    data: { site: "DTC", email: `reviews-${crypto.randomUUID()}@example.com`, firstName, lastName },
  });
}

const writeReview = (handle: string, jar: Jar, fields: Record<string, string>) =>
  callRoute(reviewAction, formRequest(`/review/${handle}`, fields, jar), jar, { params: { handle } });

const vote = (id: string, jar: Jar, fields: Record<string, string> = {}) =>
  callRoute(helpfulAction, formRequest(`/reviews/${id}/helpful`, fields, jar), jar, { params: { id } });

/**
 * Another shopper's published review: written pending, then published by the service, which keeps
 * the product's rating figures in step (other files of this worker's database check them).
 */
async function publishedReview(productId: string, rating: number, title = `Review ${crypto.randomUUID()}`) {
  const author = await newCustomer("Sam", "Kay");
  const { id } = await prisma.review.create({
    data: {
      productId,
      customerId: author.id,
      authorName: "Sam K.",
      rating,
      title,
      body: "Our dog eats it all.",
      status: "pending",
    },
  });
  return reviews.moderate(id, "published");
}

describe("product page reviews and consent (catalogue spec section 8)", () => {
  it("returns no review data at all without functional consent", async () => {
    const product = products[0];
    await publishedReview(product.id, 5);
    for (const jar of [new Jar(), withConsent(DECLINED)]) {
      const { status, data } = await productPage(product.handle, jar);
      expect(status).toBe(200);
      expect(data!.reviews).toEqual({ mode: "declined" });
      const text = JSON.stringify(data);
      expect(text).not.toContain("Our dog eats it all.");
      expect(text).not.toContain("aggregateRating");
    }
  });

  it("returns the summary and the list with functional consent", async () => {
    const product = products[1];
    const mine = await publishedReview(product.id, 2, "Too small kibble");
    const { data } = await productPage(product.handle, withConsent(FUNCTIONAL));
    const reviews = data!.reviews;
    expect(reviews.mode).toBe("shown");
    if (reviews.mode !== "shown") return;
    expect(reviews.summary.count).toBeGreaterThanOrEqual(1);
    expect(reviews.summary.distribution[1]).toBeGreaterThanOrEqual(1);
    expect(reviews.writeHref).toMatch(/^\/shelter\/login\?redirect=/);
    expect(decodeRedirect(new URL(reviews.writeHref, ORIGIN).searchParams.get("redirect"))).toBe(
      `/review/${product.handle}`,
    );
    // The rating filter comes from the URL.
    const filtered = (
      await productPage(product.handle, withConsent(FUNCTIONAL), "?reviews_rating=2&reviews_sort=lowest")
    ).data!.reviews;
    if (filtered.mode !== "shown") throw new Error("not shown");
    expect(filtered.query).toEqual({ sort: "lowest", rating: 2, page: 1 });
    expect(filtered.reviews.every((review) => review.rating === 2)).toBe(true);
    expect(filtered.reviews.map((review) => review.id)).toContain(mine.id);
    // A malformed query is the default list, not an error.
    const odd = await productPage(product.handle, withConsent(FUNCTIONAL), "?reviews_page=zz&reviews_rating=9");
    expect(odd.status).toBe(200);
  });
});

describe("/review/{handle}: writing a review", () => {
  it("sends a guest to sign in and back", async () => {
    const handle = products[2].handle;
    const response = await callRoute(
      reviewLoader,
      getRequest(`/review/${handle}`, withConsent(FUNCTIONAL)),
      undefined,
      {
        params: { handle },
      },
    );
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!, ORIGIN);
    expect(location.pathname).toBe("/shelter/login");
    expect(decodeRedirect(location.searchParams.get("redirect"))).toBe(`/review/${handle}`);
  });

  it("shows the declined message without functional consent and refuses the post with 403", async () => {
    const product = products[2];
    const customer = await newCustomer();
    const jar = withConsent(DECLINED, await signedInJar(customer.id));
    const page = await callRoute(reviewLoader, getRequest(`/review/${product.handle}`, jar), jar, {
      params: { handle: product.handle },
    });
    expect(page.status).toBe(200);
    expect((await page.json()).mode).toBe("declined");
    const post = await writeReview(product.handle, jar, { rating: "5", title: "Great", body: "Good food." });
    expect(post.status).toBe(403);
    expect(await prisma.review.count({ where: { customerId: customer.id } })).toBe(0);
  });

  it("404s for an unknown product", async () => {
    const jar = withConsent(FUNCTIONAL, await signedInJar((await newCustomer()).id));
    const response = await callRoute(reviewLoader, getRequest("/review/no-such-food", jar), jar, {
      params: { handle: "no-such-food" },
    });
    expect(response.status).toBe(404);
  });

  it("checks the form, publishes a buyer's review as verified, and refuses a second one", async () => {
    const product = products[3];
    const customer = await newCustomer("Robin", "Lee");
    await orderOfVariant(prisma, customer.id, product.variants[0].id);
    const jar = withConsent(FUNCTIONAL, await signedInJar(customer.id));

    const invalid = await writeReview(product.handle, jar, { title: "", body: "" });
    expect(invalid.status).toBe(400);
    const reply = await invalid.json();
    expect(reply.error.rating).toEqual(["Choose a star rating from 1 to 5."]);
    expect(reply.error.title).toEqual(["Enter a title for your review."]);
    expect(reply.error.body).toEqual(["The review must be at least 10 characters."]);

    const ok = await writeReview(product.handle, jar, { rating: "4", title: "Shiny coat", body: "Our lab loves it." });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toMatch(new RegExp(`^/products/.*${product.handle}.*#reviews$`));
    expect((await flashedNotice(jar))?.message).toBe("Thanks! Your review is published.");
    const stored = await prisma.review.findFirstOrThrow({ where: { customerId: customer.id, productId: product.id } });
    expect(stored).toMatchObject({ rating: 4, status: "published", verifiedBuyer: true });

    // Shown on the product page, and the viewer's own.
    const { data } = await productPage(product.handle, jar);
    if (data!.reviews.mode !== "shown") throw new Error("not shown");
    expect(data!.reviews.own?.id).toBe(stored.id);
    expect(data!.reviews.reviews.find((review) => review.id === stored.id)?.verifiedBuyer).toBe(true);

    const again = await writeReview(product.handle, jar, { rating: "1", title: "Again", body: "Second try." });
    expect(again.status).toBe(422);
    expect(JSON.stringify(await again.json())).toMatch(/already/i);
    expect(await prisma.review.count({ where: { customerId: customer.id, productId: product.id } })).toBe(1);

    // The page now shows their review and its status.
    const page = await callRoute(reviewLoader, getRequest(`/review/${product.handle}`, jar), jar, {
      params: { handle: product.handle },
    });
    const body = await page.json();
    expect(body.mode).toBe("reviewed");
    expect(body.own.status).toBe("published");
  });

  it("holds a review with a link for moderation and says so", async () => {
    const product = products[4];
    const jar = withConsent(FUNCTIONAL, await signedInJar((await newCustomer()).id));
    const ok = await writeReview(product.handle, jar, {
      rating: "5",
      title: "Cheaper here",
      body: "Buy it at https://example.com/deal instead.",
    });
    expect(ok.status).toBe(303);
    expect((await flashedNotice(jar))?.message).toBe("Thanks! Your review will appear once we have checked it.");
  });

  it("links each order line to its product's review page, and says when it was reviewed", async () => {
    const product = products[5];
    const customer = await newCustomer();
    const order = await orderOfVariant(prisma, customer.id, product.variants[0].id);
    const jar = withConsent(FUNCTIONAL, await signedInJar(customer.id));
    const lineReview = async () => {
      const response = await callRoute(orderLoader, getRequest(`/account/orders/${order.id}`, jar), jar, {
        params: { id: order.id },
      });
      return (await response.json()).order.lines[0].review;
    };
    expect(await lineReview()).toEqual({ href: `/review/${product.handle}`, reviewed: false });
    await writeReview(product.handle, jar, { rating: "5", title: "Great", body: "Good food." });
    expect(await lineReview()).toEqual({ href: `/review/${product.handle}`, reviewed: true });
  });
});

describe("POST /reviews/{id}/helpful", () => {
  it("counts a visitor's vote once, keeping the visitor id in a cookie", async () => {
    const review = await publishedReview(products[6].id, 4);
    const jar = withConsent(FUNCTIONAL);
    const first = await vote(review.id, jar, { _response: "json" });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ helpfulCount: 1, counted: true });
    expect(jar.get("shop_visitor")).toMatch(/^[0-9a-f]{32}$/);
    const second = await vote(review.id, jar, { _response: "json" });
    expect(await second.json()).toEqual({ helpfulCount: 1, counted: false });
    // Another visitor counts.
    const other = await vote(review.id, withConsent(FUNCTIONAL), { _response: "json" });
    expect((await other.json()).helpfulCount).toBe(2);
  });

  it("counts a customer once and sends a plain post back to the review", async () => {
    const review = await publishedReview(products[6].id, 3);
    const jar = withConsent(FUNCTIONAL, await signedInJar((await newCustomer()).id));
    const back = `/products/${products[6].handle}?reviews_sort=helpful`;
    const response = await vote(review.id, jar, { redirectTo: back });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${back}#review-${review.id}`);
    expect((await flashedNotice(jar))?.message).toBe("Thanks for your vote.");
    const again = await vote(review.id, jar, { redirectTo: "https://evil.example/x" });
    expect(again.headers.get("Location")).toBe(`/#review-${review.id}`);
    expect((await flashedNotice(jar))?.message).toBe("You have already marked this review as helpful.");
    expect((await prisma.review.findUniqueOrThrow({ where: { id: review.id } })).helpfulCount).toBe(1);
    expect(
      await prisma.reviewVote.count({ where: { reviewId: review.id, voterKey: { startsWith: "customer:" } } }),
    ).toBe(1);
  });

  it("refuses without functional consent (403) and sets no cookie", async () => {
    const review = await publishedReview(products[6].id, 5);
    for (const jar of [new Jar(), withConsent(DECLINED)]) {
      const response = await vote(review.id, jar, { _response: "json" });
      expect(response.status).toBe(403);
      expect((await response.json()).message).toMatch(/functional cookies/);
      expect(response.headers.get("Set-Cookie")).toBeNull();
    }
    expect((await prisma.review.findUniqueOrThrow({ where: { id: review.id } })).helpfulCount).toBe(0);
  });

  it("answers 404 for an unknown or unpublished review, and 405 to a GET", async () => {
    const jar = withConsent(FUNCTIONAL);
    expect((await vote("no-such-review", jar)).status).toBe(404);
    const author = await newCustomer();
    const pending = await prisma.review.create({
      data: {
        productId: products[7].id,
        customerId: author.id,
        authorName: "A B.",
        rating: 1,
        title: "x",
        body: "y",
        status: "pending",
      },
    });
    expect((await vote(pending.id, jar, { _response: "json" })).status).toBe(404);
    const get = await callRoute(helpfulLoader, getRequest(`/reviews/${pending.id}/helpful`, jar), jar, {
      params: { id: pending.id },
    });
    expect(get.status).toBe(405);
  });
});
