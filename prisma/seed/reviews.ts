// Seeded product reviews (docs/decisions.md "Reviews"): 0 to 14 per product, chosen by a
// stable hash of the product's handle, mostly four and five stars, dated over the past year,
// written about what shoppers write about pet food. Seeded reviews have no customer (they
// stand for reviews written before this shop); two wait for a moderator (a link, a flagged
// word). Deterministic ids make a second run add nothing; the products' rating figures are
// computed as the reviews service computes them.
import type { PrismaClient } from "~/generated/prisma/client";
import { moderationOf } from "~/models/reviews";
import { stableHash, type SeedProduct } from "./catalogue";
import { insertStatements } from "./sql";

export interface ReviewSeedSummary {
  reviews: number;
  pending: number;
}

/** The most reviews a seeded product gets. */
const MAX_PER_PRODUCT = 14;
const DAY_MS = 86_400_000;
const ID_PREFIX = "seed-review-";

const FIRST_NAMES = [
  "Dana",
  "Marcus",
  "Priya",
  "Tom",
  "Alicia",
  "Jordan",
  "Mei",
  "Sam",
  "Rachel",
  "Luis",
  "Hannah",
  "Omar",
  "Grace",
  "Ethan",
  "Keisha",
  "Noah",
  "Sofia",
  "Ben",
  "Ava",
  "Carlos",
  "Linda",
  "Raj",
  "Emily",
  "Frank",
  "Nina",
  "Derek",
  "Yuki",
  "Paul",
  "Chloe",
  "Ahmed",
  "Megan",
  "Victor",
];
const LAST_INITIALS = "ABCDEFGHJKLMNPRSTW";

type Mood = "love" | "like" | "mixed" | "poor";

const TITLES: Record<Mood, string[]> = {
  love: [
    "My {pet} loves it",
    "Best food we have tried",
    "Clean bowl every time",
    "Vet recommended and it shows",
    "Worth every penny",
    "Finally, a food that agrees with {pet_my}",
    "Shiny coat, happy {pet}",
    "Our picky eater approves",
  ],
  like: [
    "Good food, a bit pricey",
    "Solid choice",
    "{Pet} eats it well",
    "Happy with it so far",
    "Good, wish the bag were bigger",
    "Does the job",
  ],
  mixed: ["It is okay", "Mixed feelings", "Took a while to get used to", "Not sure it is worth the price"],
  poor: ["Not for my {pet}", "Would not eat it", "Upset stomach", "Disappointed"],
};

const OPENINGS: Record<Mood, string[]> = {
  love: [
    "We switched to this on our vet's advice about three months ago and have not looked back.",
    "My {pet} is a notoriously picky eater and finishes every bowl of this.",
    "I have tried at least five brands and this is the one that finally stuck.",
    "Our senior {pet} has more energy since we moved to this food.",
    "Digestion has been so much better since the switch: no more upset tummies.",
  ],
  like: [
    "This is a good food and my {pet} eats it without fuss.",
    "We have been feeding this for a couple of months and it works well for us.",
    "Our vet suggested it and my {pet} took to it after a few days.",
    "Solid ingredients and my {pet} seems happy and healthy on it.",
  ],
  mixed: [
    "My {pet} eats it, but without much enthusiasm.",
    "It took almost two weeks of mixing before my {pet} would eat it on its own.",
    "The food itself seems fine, but the price keeps going up.",
  ],
  poor: [
    "My {pet} sniffed it and walked away, every single time.",
    "Unfortunately this gave my {pet} an upset stomach for days.",
    "We gave it a fair try over three weeks but it did not work for us.",
  ],
};

const DETAILS: Record<"dry" | "wet" | "treats", string[]> = {
  dry: [
    "The kibble size is just right and it does not leave much dust at the bottom of the bag.",
    "The resealable bag keeps it fresh to the last scoop.",
    "The large bag lasts us about six weeks, which makes the price easier to swallow.",
    "The kibble smells mild, which I appreciate when I scoop it in the morning.",
  ],
  wet: [
    "The texture is smooth and it mixes well with a little dry food.",
    "The cans open easily and the portions are about right for one meal.",
    "It smells like real food, not the usual canned smell.",
    "Leftovers keep well in the fridge with a lid on the can.",
  ],
  treats: [
    "They are small enough for training and easy to break in half.",
    "Not greasy, so they are fine to keep in a pocket on walks.",
    "The bag has a good zip closure and the treats stay crunchy.",
    "They are the only treats that get full attention during training.",
  ],
};

const CLOSINGS: Record<Mood, string[]> = {
  love: [
    "Highly recommend.",
    "Will keep ordering on autoship.",
    "Stools are firm and the coat is softer than ever.",
    "Our vet was pleased at the last check-up.",
  ],
  like: [
    "I would give five stars if it were a little cheaper.",
    "A bigger bag size would be welcome.",
    "We will probably stick with it.",
    "Delivery was quick too.",
  ],
  mixed: [
    "We will finish the bag and decide then.",
    "Might work better for a less fussy {pet}.",
    "Not bad, not great.",
  ],
  poor: [
    "We went back to our old food.",
    "Customer service was helpful about it at least.",
    "Maybe it suits other pets better.",
  ],
};

function ratingFor(hash: number): number {
  const h = hash % 100;
  if (h < 3) return 1;
  if (h < 8) return 2;
  if (h < 18) return 3;
  if (h < 46) return 4;
  return 5;
}

const moodOf = (rating: number): Mood =>
  rating === 5 ? "love" : rating === 4 ? "like" : rating === 3 ? "mixed" : "poor";

const pick = <T>(list: readonly T[], hash: number): T => list[hash % list.length];

function fill(text: string, species: string): string {
  const pet = species === "cat" ? "cat" : "dog";
  return text
    .replaceAll("{pet_my}", `my ${pet}`)
    .replaceAll("{Pet}", pet === "cat" ? "Cat" : "Dog")
    .replaceAll("{pet}", pet);
}

interface SeedReviewRow {
  id: string;
  productId: string;
  customerId: null;
  authorName: string;
  rating: number;
  title: string;
  body: string;
  status: string;
  moderationNote: string | null;
  verifiedBuyer: boolean;
  helpfulCount: number;
  createdAt: Date;
  publishedAt: Date | null;
}

/** Reviews a product gets: none for about one in six, else 1 to MAX_PER_PRODUCT. */
function reviewCount(handle: string): number {
  const h = stableHash(`reviews:${handle}`);
  return h % 6 === 0 ? 0 : 1 + (h % MAX_PER_PRODUCT);
}

function reviewsOf(product: SeedProduct, productId: string, now: number): SeedReviewRow[] {
  const rows: SeedReviewRow[] = [];
  const count = reviewCount(product.handle);
  for (let n = 0; n < count; n++) {
    const h = (part: string) => stableHash(`${product.handle}:${n}:${part}`);
    const rating = ratingFor(h("rating"));
    const mood = moodOf(rating);
    const title = fill(pick(TITLES[mood], h("title")), product.species);
    const body = [
      pick(OPENINGS[mood], h("opening")),
      pick(DETAILS[product.foodForm], h("detail")),
      pick(CLOSINGS[mood], h("closing")),
    ]
      .map((sentence) => fill(sentence, product.species))
      .join(" ");
    // Spread over the past year; distinct minutes keep "recent" order stable.
    const written = now - (h("date") % 365) * DAY_MS - (n + 1) * 60_000;
    const helpful = h("helpful") % 10;
    rows.push({
      id: `${ID_PREFIX}${product.handle}-${n + 1}`,
      productId,
      customerId: null,
      authorName: `${pick(FIRST_NAMES, h("first"))} ${pick([...LAST_INITIALS], h("last"))}.`,
      rating,
      title,
      body,
      status: "published",
      moderationNote: null,
      verifiedBuyer: h("verified") % 10 < 7,
      helpfulCount: helpful < 4 ? 0 : helpful < 8 ? helpful - 3 : 5 + (h("more") % 20),
      createdAt: new Date(written),
      publishedAt: new Date(written),
    });
  }
  return rows;
}

/** The two reviews that wait for a moderator: one with a link, one with a flagged word. */
function heldReviews(productIds: readonly string[], now: number): SeedReviewRow[] {
  const held = [
    {
      title: "Cheaper elsewhere",
      body: "Good food, but I found the same bag for less at www.discount-kibble.example.com last week.",
      authorName: "Kevin P.",
      rating: 4,
    },
    {
      title: "Sh1t packaging",
      body: "The food is fine but the bag split open on arrival and kibble went everywhere.",
      authorName: "Brenda T.",
      rating: 2,
    },
  ];
  return held.map((review, i) => {
    const moderation = moderationOf(review.title, review.body);
    return {
      id: `${ID_PREFIX}held-${i + 1}`,
      productId: productIds[i % productIds.length],
      customerId: null,
      ...review,
      status: moderation.status,
      moderationNote: moderation.note,
      verifiedBuyer: false,
      helpfulCount: 0,
      createdAt: new Date(now - (2 - i) * DAY_MS),
      publishedAt: null,
    };
  });
}

/**
 * Seeds the catalogue's reviews (after the catalogue): adds the seeded reviews not yet there
 * and sets every product's rating figures from its published reviews.
 */
export async function seedReviews(db: PrismaClient, catalogue: readonly SeedProduct[]): Promise<ReviewSeedSummary> {
  const products = await db.product.findMany({
    where: { handle: { in: catalogue.map((p) => p.handle) } },
    select: { id: true, handle: true },
  });
  const idOf = new Map(products.map((p) => [p.handle, p.id]));
  const now = Date.now();
  const rows = catalogue.flatMap((product) => {
    const id = idOf.get(product.handle);
    return id ? reviewsOf(product, id, now) : [];
  });
  for (const row of rows) {
    // The rule's owner agrees that seeded text needs no moderator.
    if (moderationOf(row.title, row.body).status !== "published") throw new Error(`Seeded review ${row.id} is held`);
  }
  rows.push(...heldReviews(products.map((p) => p.id).sort(), now));
  const existing = new Set(
    (await db.review.findMany({ where: { id: { startsWith: ID_PREFIX } }, select: { id: true } })).map((r) => r.id),
  );
  const missing = rows.filter((row) => !existing.has(row.id));
  // Raw multi-row INSERTs (the ORM's per-row work costs several times the insert); the
  // client-side @updatedAt does not run for raw SQL, so it is given.
  const updatedAt = new Date(now);
  const inserts = insertStatements(
    "Review",
    missing.map((row) => ({ ...row, updatedAt })),
  );
  if (inserts.length > 0) await db.$transaction(inserts.map((statement) => db.$executeRaw(statement)));

  // Rating figures exactly as the reviews service keeps them: count and sum of published ratings.
  const totals = await db.review.groupBy({
    by: ["productId"],
    where: { status: "published" },
    _count: { _all: true },
    _sum: { rating: true },
    orderBy: { productId: "asc" },
  });
  const figures = new Map(totals.map((t) => [t.productId, { count: t._count._all, sum: t._sum.rating ?? 0 }]));
  const current = await db.product.findMany({ select: { id: true, ratingCount: true, ratingSum: true } });
  const changed = current.filter((p) => {
    const next = figures.get(p.id) ?? { count: 0, sum: 0 };
    return next.count !== p.ratingCount || next.sum !== p.ratingSum;
  });
  if (changed.length > 0) {
    await db.$transaction(
      changed.map((p) => {
        const next = figures.get(p.id) ?? { count: 0, sum: 0 };
        return db.product.update({ where: { id: p.id }, data: { ratingCount: next.count, ratingSum: next.sum } });
      }),
    );
  }
  const pending = rows.filter((row) => row.status === "pending").length;
  return { reviews: rows.length, pending };
}
