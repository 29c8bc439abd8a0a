// Review moderation in the back office (docs/rules.md "Back office: reviews"): every role on the
// list and the decision; an allowed decision audited (before/after status) in its transaction,
// with the product's rating figures in step; a refused one changes nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { ADMIN_ROLES, rolesWith } from "~/models/admin-roles";
import { MODERATION_NOTE_MAX, REJECT_PUBLISHED_MESSAGE, unpublishQuestion } from "~/models/admin-reviews";
import { action, loader } from "~/routes/admin.reviews";
import { reviews } from "~/services/reviews/index.server";
import { adminsOfEveryRole, auditOf, newAdmin, type TestAdmin } from "../helpers/admin";
import { newAccount } from "../helpers/accounts";
import { callRoute, formRequest, getRequest } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

let admins: Record<(typeof ADMIN_ROLES)[number], TestAdmin>;
let productId: string;
let productTitle: string;

beforeAll(async () => {
  await ensureSeeded();
  admins = await adminsOfEveryRole("reviews");
  ({ id: productId, title: productTitle } = await prisma.product.findFirstOrThrow({
    orderBy: { handle: "asc" },
    select: { id: true, title: true },
  }));
});

/** A review held for a link, as moderation holds one. */
async function heldReview(rating = 4) {
  const author = await newAccount("held-review");
  return prisma.review.create({
    data: {
      productId,
      customerId: author.customerId,
      authorName: "Pat D.",
      rating,
      title: `Held ${crypto.randomUUID()}`,
      body: "See www.example.com for a cheaper bag.",
      status: "pending",
      moderationNote: "link",
    },
  });
}

const figures = () =>
  prisma.product.findUniqueOrThrow({ where: { id: productId }, select: { ratingCount: true, ratingSum: true } });

const decide = (admin: TestAdmin, fields: Record<string, string>) =>
  callRoute(action, formRequest("/admin/reviews", fields, admin.jar), admin.jar);

describe("review moderation by role", () => {
  it("lists the queue with why each was held, for the roles that moderate", async () => {
    const review = await heldReview();
    for (const role of ADMIN_ROLES) {
      const { jar } = admins[role];
      const response = await callRoute(loader, getRequest("/admin/reviews?page=999", jar), jar);
      const allowed = rolesWith("reviews.moderate").includes(role);
      expect(response.status, role).toBe(allowed ? 200 : 403);
      if (allowed) {
        expect(response.headers.get("Cache-Control")).toBe("private, no-store");
        // A page past the end shows the last page; the review is held, so it is in the queue.
        const body = await response.json();
        expect(body.status).toBe("pending");
        const all = await callRoute(loader, getRequest(`/admin/reviews?page=1`, jar), jar);
        const first = await all.json();
        expect(first.total).toBeGreaterThanOrEqual(1);
      }
    }
    const queue = await prisma.review.findUniqueOrThrow({ where: { id: review.id } });
    expect(queue.status).toBe("pending");
  });

  it("publishes: allowed roles publish and audit; refused roles change nothing", async () => {
    for (const role of ADMIN_ROLES) {
      const review = await heldReview(5);
      const before = await figures();
      const response = await decide(admins[role], { intent: "publish", reviewId: review.id });
      const after = await prisma.review.findUniqueOrThrow({ where: { id: review.id } });
      const audit = await auditOf("review", review.id);
      if (rolesWith("reviews.moderate").includes(role)) {
        expect(response.status, role).toBe(302);
        expect(after.status).toBe("published");
        expect(after.publishedAt).not.toBeNull();
        expect(await figures()).toEqual({ ratingCount: before.ratingCount + 1, ratingSum: before.ratingSum + 5 });
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({
          actorEmail: admins[role].email,
          actorRole: role,
          action: "review.publish",
          subjectType: "review",
        });
        expect(audit[0]!.subjectLabel).toContain(review.title);
        expect(JSON.parse(audit[0]!.before!)).toEqual({ status: "pending" });
        expect(JSON.parse(audit[0]!.after!)).toEqual({ status: "published" });
      } else {
        expect(response.status, role).toBe(403);
        expect(after.status).toBe("pending");
        expect(await figures()).toEqual(before);
        expect(audit).toHaveLength(0);
      }
    }
  });

  it("unpublishing asks first: without the confirmation nothing changes; Reject refuses a published review", async () => {
    const support = await newAdmin("support", "reviews-unpublish");
    const review = await heldReview(3);
    expect((await decide(support, { intent: "publish", reviewId: review.id, status: "pending" })).status).toBe(302);
    const published = await figures();
    const fields = { intent: "unpublish", reviewId: review.id, note: "Names a competitor", status: "published" };
    const asked = await decide(support, fields);
    expect(asked.status).toBe(200);
    const reply = await asked.json();
    expect(reply.confirm.question).toBe(unpublishQuestion({ title: review.title, productTitle }));
    expect(reply.confirm.fields).toContainEqual(["note", "Names a competitor"]);
    expect((await prisma.review.findUniqueOrThrow({ where: { id: review.id } })).status).toBe("published");
    expect(await figures()).toEqual(published);
    expect(await auditOf("review", review.id)).toHaveLength(1);
    // Reject is for a review not on the shop: a published one is refused, unchanged.
    const rejected = await decide(support, { intent: "reject", reviewId: review.id, status: "published" });
    expect(rejected.status).toBe(409);
    expect((await rejected.json()).error).toEqual({ "": [REJECT_PUBLISHED_MESSAGE] });
    expect((await prisma.review.findUniqueOrThrow({ where: { id: review.id } })).status).toBe("published");
    const response = await decide(support, { ...fields, confirmed: "yes" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/reviews?status=published");
    const after = await prisma.review.findUniqueOrThrow({ where: { id: review.id } });
    expect(after).toMatchObject({ status: "rejected", moderationNote: "Names a competitor", publishedAt: null });
    expect(await figures()).toEqual({ ratingCount: published.ratingCount - 1, ratingSum: published.ratingSum - 3 });
    const [latest] = await auditOf("review", review.id);
    expect(latest!.action).toBe("review.reject");
    expect(JSON.parse(latest!.before!)).toEqual({ status: "published", moderationNote: "link" });
    expect(JSON.parse(latest!.after!)).toEqual({ status: "rejected", moderationNote: "Names a competitor" });
    const list = await (
      await callRoute(loader, getRequest("/admin/reviews?status=rejected", support.jar), support.jar)
    ).json();
    expect(list.reviews.map((r: { id: string }) => r.id)).toContain(review.id);
  });

  it("decides and audits in one transaction: an entry that cannot be written leaves the review held", async () => {
    const review = await heldReview();
    const before = await figures();
    const broken = {
      ...admins.support.actor,
      get role(): never {
        throw new Error("audit write failed");
      },
    };
    await expect(reviews.moderate(review.id, "published", undefined, broken)).rejects.toThrow("audit write failed");
    expect((await prisma.review.findUniqueOrThrow({ where: { id: review.id } })).status).toBe("pending");
    expect(await figures()).toEqual(before);
  });

  it("takes a note of exactly the limit, refuses one more, junk and an unknown review, changing nothing", async () => {
    const support = await newAdmin("support", "reviews-bounds");
    const review = await heldReview();
    const long = await decide(support, {
      intent: "reject",
      reviewId: review.id,
      note: "x".repeat(MODERATION_NOTE_MAX + 1),
    });
    expect(long.status).toBe(400);
    expect((await long.json()).error.note).toEqual([`Keep the note to ${MODERATION_NOTE_MAX} characters.`]);
    expect((await prisma.review.findUniqueOrThrow({ where: { id: review.id } })).status).toBe("pending");
    expect(await auditOf("review", review.id)).toHaveLength(0);
    expect((await decide(support, { intent: "delete", reviewId: review.id })).status).toBe(400);
    expect((await decide(support, { intent: "publish", reviewId: "nope" })).status).toBe(404);
    const exact = await decide(support, {
      intent: "reject",
      reviewId: review.id,
      note: "x".repeat(MODERATION_NOTE_MAX),
    });
    expect(exact.status).toBe(302);
    expect((await prisma.review.findUniqueOrThrow({ where: { id: review.id } })).moderationNote).toHaveLength(
      MODERATION_NOTE_MAX,
    );
  });
});
