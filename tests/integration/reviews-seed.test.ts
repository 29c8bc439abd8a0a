// The seeded reviews (prisma/seed/reviews.ts, docs/decisions.md "Reviews"): most products
// reviewed, a believable spread, two waiting for a moderator, and the products' rating
// figures equal to what the reviews service computes; seeding again adds nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { moderationOf, ratingOf } from "~/models/reviews";
import { catalogueSnapshot } from "~/services/commerce/catalogue-snapshot.server";
import { reviews } from "~/services/reviews/index.server";
import { buildCatalogue } from "../../prisma/seed/catalogue";
import { seedReviews } from "../../prisma/seed/reviews";
import { ensureSeeded } from "../helpers/seeded";

beforeAll(ensureSeeded);

const seeded = { id: { startsWith: "seed-review-" } };

describe("seeded reviews", () => {
  it("review most products with mostly four and five stars", async () => {
    const products = await prisma.product.count({ where: { synthetic: false } });
    const reviewed = await prisma.review.groupBy({ by: ["productId"], where: seeded, orderBy: { productId: "asc" } });
    expect(reviewed.length).toBeGreaterThan(products * 0.7);
    const ratings = await prisma.review.groupBy({
      by: ["rating"],
      where: { ...seeded, status: "published" },
      _count: { _all: true },
      orderBy: { rating: "asc" },
    });
    const count = (stars: number) => ratings.find((r) => r.rating === stars)?._count._all ?? 0;
    const total = ratings.reduce((sum, r) => sum + r._count._all, 0);
    expect(count(4) + count(5)).toBeGreaterThan(total * 0.7);
    expect(count(1)).toBeGreaterThan(0);
    expect(count(1)).toBeLessThan(total * 0.05);
    const rows = await prisma.review.findMany({ where: seeded, select: { customerId: true, authorName: true } });
    expect(rows.every((r) => r.customerId === null && /^\S+ [A-Z]\.$/.test(r.authorName))).toBe(true);
  });

  it("hold a link and a flagged word for the moderator, as moderation would", async () => {
    const held = await prisma.review.findMany({
      where: { ...seeded, status: "pending" },
      orderBy: { createdAt: "asc" },
      select: { id: true, title: true, body: true, moderationNote: true },
    });
    expect(held.map((r) => r.moderationNote)).toEqual(["link", "profanity"]);
    for (const review of held) expect(moderationOf(review.title, review.body).note).toBe(review.moderationNote);
    const queue = (await reviews.pending(500)).map((r) => r.id);
    expect(queue).toEqual(expect.arrayContaining(held.map((r) => r.id)));
  });

  it("set each product's rating figures from its published reviews, and the card shows them", async () => {
    const products = await prisma.product.findMany({
      where: { synthetic: false },
      select: { id: true, ratingCount: true, ratingSum: true },
    });
    const snapshot = await catalogueSnapshot(prisma);
    for (const product of products) {
      const summary = await reviews.summary(product.id);
      const sum = summary.distribution.reduce((total, n, i) => total + n * (i + 1), 0);
      expect({ count: product.ratingCount, sum: product.ratingSum }).toEqual({ count: summary.count, sum });
      const card = snapshot.byId.get(product.id)?.card;
      if (card) expect(card.rating).toEqual(ratingOf(summary.count, sum));
    }
  });

  it("adds nothing when seeded again", async () => {
    const before = await prisma.review.count();
    await seedReviews(prisma, buildCatalogue());
    expect(await prisma.review.count()).toBe(before);
  });
});
