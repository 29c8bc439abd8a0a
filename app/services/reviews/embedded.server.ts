// The embedded reviews provider (docs/rules.md "Reviews"): reviews, votes and the products'
// rating figures in our own database, with the rules of app/models/reviews.ts. Every change
// that alters a product's published reviews recomputes Product.ratingCount/ratingSum and
// touches Product.updatedAt in the same transaction, so the catalogue snapshot (cards) and
// the page cache's data version follow it.
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import {
  authorNameOf,
  isVoterKey,
  moderationOf,
  PURCHASED_ORDER_STATUSES,
  ratingSummaryOf,
  REVIEW_MESSAGES,
  REVIEW_PAGE_SIZE,
  REVIEW_SORT_KEYS,
  ReviewError,
  reviewPageCount,
  validateReview,
} from "~/models/reviews";
import { changedFields } from "~/models/audit";
import { variantPath } from "~/models/product";
import type { ReviewSort } from "~/models/review-query";
import { recordAudit } from "~/services/audit/index.server";
import type {
  ModerationList,
  RatingSummary,
  ReviewList,
  ReviewListQuery,
  ReviewStatus,
  ReviewView,
  Reviews,
} from "./types";
import { isUniqueViolation } from "~/models/unique-violation";

/** Reviews per page of the back office's moderation list. */
export const MODERATION_PAGE_SIZE = 25;

type Db = PrismaClient | Prisma.TransactionClient;

const REVIEW_SELECT = {
  id: true,
  productId: true,
  authorName: true,
  rating: true,
  title: true,
  body: true,
  verifiedBuyer: true,
  helpfulCount: true,
  status: true,
  createdAt: true,
  publishedAt: true,
} as const;

type ReviewRow = Prisma.ReviewGetPayload<{ select: typeof REVIEW_SELECT }>;

const STATUSES: readonly ReviewStatus[] = ["pending", "published", "rejected"];

function viewOf(row: ReviewRow): ReviewView {
  return {
    id: row.id,
    productId: row.productId,
    authorName: row.authorName,
    rating: row.rating,
    title: row.title,
    body: row.body,
    verifiedBuyer: row.verifiedBuyer,
    helpfulCount: row.helpfulCount,
    date: (row.publishedAt ?? row.createdAt).toISOString(),
    status: STATUSES.includes(row.status as ReviewStatus) ? (row.status as ReviewStatus) : "pending",
  };
}

function orderBy(sort: ReviewSort): Prisma.ReviewOrderByWithRelationInput[] {
  return REVIEW_SORT_KEYS[sort].map(({ field, direction }) => ({ [field]: direction }));
}

async function summaryOf(db: Db, productId: string): Promise<RatingSummary> {
  const groups = await db.review.groupBy({
    by: ["rating"],
    where: { productId, status: "published" },
    _count: { _all: true },
    orderBy: { rating: "asc" },
  });
  return ratingSummaryOf(groups.map((g) => ({ rating: g.rating, count: g._count._all })));
}

/**
 * The product's rating figures from its published reviews, written with a fresh updatedAt
 * (the catalogue snapshot's version figure), inside the caller's transaction.
 */
async function recomputeRating(tx: Db, productId: string): Promise<void> {
  const totals = await tx.review.aggregate({
    where: { productId, status: "published" },
    _count: { _all: true },
    _sum: { rating: true },
  });
  await tx.product.update({
    where: { id: productId },
    data: { ratingCount: totals._count._all, ratingSum: totals._sum.rating ?? 0, updatedAt: new Date() },
  });
}

async function boughtBy(db: Db, customerId: string, productId: string): Promise<boolean> {
  const line = await db.orderLine.findFirst({
    where: {
      order: { customerId, status: { in: [...PURCHASED_ORDER_STATUSES] } },
      variant: { productId },
    },
    select: { id: true },
  });
  return line !== null;
}

/** The embedded provider on a database. */
export function createEmbeddedReviews(db: PrismaClient): Reviews {
  return {
    summary: (productId) => summaryOf(db, productId),

    async list(productId: string, query: ReviewListQuery): Promise<ReviewList> {
      const where: Prisma.ReviewWhereInput = {
        productId,
        status: "published",
        ...(query.rating !== null ? { rating: query.rating } : {}),
      };
      const summary = await summaryOf(db, productId);
      // The filter's count is the summary's: published reviews of that rating, or all of them.
      const total = query.rating !== null ? (summary.distribution[query.rating - 1] ?? 0) : summary.count;
      const page = Math.min(Math.max(1, Math.floor(query.page) || 1), reviewPageCount(total));
      const rows = await db.review.findMany({
        where,
        orderBy: orderBy(query.sort),
        skip: (page - 1) * REVIEW_PAGE_SIZE,
        take: REVIEW_PAGE_SIZE,
        select: REVIEW_SELECT,
      });
      return { summary, reviews: rows.map(viewOf), total, page, pageSize: REVIEW_PAGE_SIZE };
    },

    async reviewBy(customerId, productId) {
      const row = await db.review.findUnique({
        where: { productId_customerId: { productId, customerId } },
        select: REVIEW_SELECT,
      });
      return row && viewOf(row);
    },

    hasBought: (customerId, productId) => boughtBy(db, customerId, productId),

    async submit(input) {
      const fields = validateReview(input);
      const [product, customer] = await Promise.all([
        db.product.findUnique({ where: { id: input.productId }, select: { id: true } }),
        db.customer.findUnique({
          where: { id: input.customerId },
          select: { firstName: true, lastName: true },
        }),
      ]);
      if (!product) throw new ReviewError(REVIEW_MESSAGES.unknownProduct, "product");
      if (!customer) throw new Error(`No customer ${input.customerId}`);
      const moderation = moderationOf(fields.title, fields.body);
      try {
        const row = await db.$transaction(async (tx) => {
          const existing = await tx.review.findUnique({
            where: { productId_customerId: { productId: input.productId, customerId: input.customerId } },
            select: { id: true },
          });
          if (existing) throw new ReviewError(REVIEW_MESSAGES.duplicate, "product");
          const now = new Date();
          const created = await tx.review.create({
            data: {
              productId: input.productId,
              customerId: input.customerId,
              authorName: authorNameOf(customer.firstName, customer.lastName),
              ...fields,
              status: moderation.status,
              moderationNote: moderation.note,
              verifiedBuyer: await boughtBy(tx, input.customerId, input.productId),
              publishedAt: moderation.status === "published" ? now : null,
            },
            select: REVIEW_SELECT,
          });
          if (moderation.status === "published") await recomputeRating(tx, input.productId);
          return created;
        });
        return viewOf(row);
      } catch (error) {
        // Two submits at once: the unique (productId, customerId) refuses the second.
        if (isUniqueViolation(error)) throw new ReviewError(REVIEW_MESSAGES.duplicate, "product");
        throw error;
      }
    },

    async vote(reviewId, voterKey) {
      if (!isVoterKey(voterKey)) throw new ReviewError(REVIEW_MESSAGES.voter, null);
      const current = async () => {
        const review = await db.review.findUnique({ where: { id: reviewId }, select: { helpfulCount: true } });
        return { helpfulCount: review?.helpfulCount ?? 0, counted: false };
      };
      try {
        return await db
          .$transaction(async (tx) => {
            const review = await tx.review.findUnique({ where: { id: reviewId }, select: { status: true } });
            if (review?.status !== "published") throw new ReviewError(REVIEW_MESSAGES.unknownReview, "review");
            const voted = await tx.reviewVote.findUnique({
              where: { reviewId_voterKey: { reviewId, voterKey } },
              select: { id: true },
            });
            if (voted) return null;
            await tx.reviewVote.create({ data: { reviewId, voterKey } });
            const updated = await tx.review.update({
              where: { id: reviewId },
              data: { helpfulCount: { increment: 1 } },
              select: { helpfulCount: true },
            });
            return { helpfulCount: updated.helpfulCount, counted: true };
          })
          .then((result) => result ?? current());
      } catch (error) {
        // The same voter twice at once: the unique (reviewId, voterKey) counts one.
        if (isUniqueViolation(error)) return current();
        throw error;
      }
    },

    async pending(limit = 50) {
      const rows = await db.review.findMany({
        where: { status: "pending" },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take: Math.max(1, Math.min(500, Math.floor(limit) || 50)),
        select: REVIEW_SELECT,
      });
      return rows.map(viewOf);
    },

    async moderation(status, page): Promise<ModerationList> {
      const where = { status };
      const total = await db.review.count({ where });
      const current = Math.min(
        Math.max(1, Math.floor(page) || 1),
        Math.max(1, Math.ceil(total / MODERATION_PAGE_SIZE)),
      );
      const rows = await db.review.findMany({
        where,
        orderBy: status === "pending" ? [{ createdAt: "asc" }, { id: "asc" }] : [{ updatedAt: "desc" }, { id: "asc" }],
        skip: (current - 1) * MODERATION_PAGE_SIZE,
        take: MODERATION_PAGE_SIZE,
        select: {
          ...REVIEW_SELECT,
          moderationNote: true,
          product: {
            select: { title: true, variants: { select: { url: true }, orderBy: { position: "asc" }, take: 1 } },
          },
        },
      });
      return {
        total,
        page: current,
        pageSize: MODERATION_PAGE_SIZE,
        reviews: rows.map((row) => ({
          ...viewOf(row),
          productTitle: row.product.title,
          productPath: row.product.variants[0] ? variantPath(row.product.variants[0]) : null,
          moderationNote: row.moderationNote,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    async forModeration(reviewId) {
      const row = await db.review.findUnique({
        where: { id: reviewId },
        select: { title: true, status: true, product: { select: { title: true } } },
      });
      if (!row) return null;
      const status = STATUSES.includes(row.status as ReviewStatus) ? (row.status as ReviewStatus) : "pending";
      return { title: row.title, productTitle: row.product.title, status };
    },

    async moderate(reviewId, status, note, actor) {
      const row = await db.$transaction(async (tx) => {
        const review = await tx.review.findUnique({
          where: { id: reviewId },
          select: {
            productId: true,
            status: true,
            publishedAt: true,
            moderationNote: true,
            title: true,
            product: { select: { title: true } },
          },
        });
        if (!review) throw new ReviewError(REVIEW_MESSAGES.unknownReview, "review");
        const updated = await tx.review.update({
          where: { id: reviewId },
          data: {
            status,
            ...(note !== undefined ? { moderationNote: note } : {}),
            publishedAt: status === "published" ? (review.publishedAt ?? new Date()) : null,
          },
          select: REVIEW_SELECT,
        });
        if (review.status === "published" || status === "published") await recomputeRating(tx, review.productId);
        if (actor) {
          const change = changedFields(
            { status: review.status, moderationNote: review.moderationNote },
            { status, moderationNote: note !== undefined ? note : review.moderationNote },
          );
          await recordAudit(tx, actor, {
            action: status === "published" ? "review.publish" : "review.reject",
            subjectType: "review",
            subjectId: reviewId,
            subjectLabel: `Review "${review.title}" of ${review.product.title}`,
            ...change,
          });
        }
        return updated;
      });
      return viewOf(row);
    },
  };
}
