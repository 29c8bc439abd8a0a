// /admin/reviews: the moderation queue (reviews held for a link or profanity), and the
// published and rejected ones to change a decision (docs/rules.md "Back office: reviews").
// The reviews service decides and audits in one transaction.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  MODERATION_NOTE_MAX,
  MODERATION_STATUSES,
  ModerationDecisionSchema,
  moderationQueryOf,
} from "~/models/admin-reviews";
import { AdminPager } from "~/components/admin/pager";
import { pageCount } from "~/models/admin-customers";
import { ReviewError } from "~/models/reviews";
import { ADMIN_NO_STORE, backWithNotice, requireAdmin } from "~/services/admin/index.server";
import { reviews } from "~/services/reviews/index.server";
import { pageNotFound, readFormData } from "~/utils/form.server";
import { shopDay } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

export const meta: MetaFunction = () => [{ title: "Reviews · Back office" }, { name: "robots", content: "noindex" }];

const STATUS_LABELS = { pending: "Held for moderation", published: "Published", rejected: "Rejected" } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "reviews.moderate");
  const query = moderationQueryOf(new URL(request.url).searchParams);
  const list = await reviews.moderation(query.status, query.page);
  return json({ status: query.status, ...list }, { headers: ADMIN_NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "reviews.moderate");
  const form = await readFormData(request);
  const parsed = ModerationDecisionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return json(
      {
        message: issue?.message ?? "Check the form.",
        field: String(issue?.path[0] ?? ""),
        reviewId: String(form.get("reviewId") ?? ""),
      },
      { status: 400, headers: ADMIN_NO_STORE },
    );
  }
  const { intent, reviewId, note, status } = parsed.data;
  try {
    await reviews.moderate(reviewId, intent === "publish" ? "published" : "rejected", note, admin);
  } catch (error) {
    if (error instanceof ReviewError && error.field === "review") throw pageNotFound("We could not find that review.");
    throw error;
  }
  return backWithNotice(request, `/admin/reviews${status && status !== "pending" ? `?status=${status}` : ""}`, {
    tone: "success",
    message: intent === "publish" ? "The review is published." : "The review is rejected.",
  });
}

export default function AdminReviews() {
  const { status, reviews: list, total, page, pageSize } = useLoaderData<typeof loader>();
  const zone = useShopTimeZone();
  const reply = useActionData<typeof action>();
  const pages = pageCount(total, pageSize);
  return (
    <>
      <h1>Reviews</h1>
      <nav aria-label="Review status" className="admin-actions">
        {MODERATION_STATUSES.map((s) => (
          <Link key={s} to={`?status=${s}`} aria-current={s === status ? "page" : undefined}>
            {STATUS_LABELS[s]}
          </Link>
        ))}
      </nav>
      <h2>
        {STATUS_LABELS[status]} ({total})
      </h2>
      {list.length === 0 ? <p>No reviews here.</p> : null}
      <ul className="admin-reviews">
        {list.map((review) => {
          const noteId = `note-${review.id}`;
          const errorId = `error-${review.id}`;
          const failed = reply && "reviewId" in reply && reply.reviewId === review.id;
          return (
            <li key={review.id}>
              <article aria-labelledby={`title-${review.id}`}>
                <h3 id={`title-${review.id}`}>{review.title}</h3>
                <p>
                  {review.productPath ? <a href={review.productPath}>{review.productTitle}</a> : review.productTitle} ·{" "}
                  {review.rating} of 5 stars · by {review.authorName}
                  {review.verifiedBuyer ? " (verified buyer)" : ""} · {shopDay(review.createdAt, zone)}
                </p>
                <p className="admin-pre">{review.body}</p>
                <p>
                  {review.status === "pending" ? "Held because: " : "Moderation note: "}
                  {review.moderationNote ?? "none"}
                </p>
                <Form method="post" className="admin-actions">
                  <input type="hidden" name="reviewId" value={review.id} />
                  <input type="hidden" name="status" value={status} />
                  <p className="field">
                    <label htmlFor={noteId}>Note (optional)</label>
                    <input
                      id={noteId}
                      name="note"
                      maxLength={MODERATION_NOTE_MAX}
                      aria-invalid={failed ? true : undefined}
                      aria-describedby={failed ? errorId : undefined}
                    />
                    {failed ? (
                      <span id={errorId} role="alert">
                        {reply.message}
                      </span>
                    ) : null}
                  </p>
                  {review.status !== "published" ? (
                    <button type="submit" name="intent" value="publish" className="button">
                      Publish
                    </button>
                  ) : null}
                  {review.status !== "rejected" ? (
                    <button type="submit" name="intent" value="reject" className="button">
                      Reject
                    </button>
                  ) : null}
                </Form>
              </article>
            </li>
          );
        })}
      </ul>
      <AdminPager page={page} pages={pages} hrefOf={(n) => `?status=${status}&page=${n}`} />
    </>
  );
}
