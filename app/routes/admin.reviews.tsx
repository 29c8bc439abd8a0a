// /admin/reviews: the moderation queue (reviews held for a link or profanity), and the
// published and rejected ones to change a decision (docs/rules.md "Back office: reviews").
// The page's actions are `REVIEW_INTENTS` (Unpublish asks first), run by `adminIntents`; the
// reviews service decides and audits in one transaction.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmPanel } from "~/components/admin/confirm";
import { AdminPager } from "~/components/admin/pager";
import { FormError, TextField } from "~/components/form-field";
import { pageCount } from "~/models/admin-customers";
import { allowedIntents } from "~/models/admin-intents";
import {
  MODERATION_STATUSES,
  moderationQueryOf,
  REJECT_PUBLISHED_MESSAGE,
  REVIEW_INTENTS,
  unpublishQuestion,
  type ModerationStatus,
} from "~/models/admin-reviews";
import { ReviewError } from "~/models/reviews";
import { ServiceError } from "~/models/service-error";
import { ADMIN_NO_STORE, backWithNotice, requireAdmin, type AdminIdentity } from "~/services/admin/index.server";
import { reviews, type ModerationView } from "~/services/reviews/index.server";
import { adminIntents } from "~/utils/admin-action.server";
import { replyFor, type ActionReply } from "~/utils/form";
import { pageNotFound } from "~/utils/form.server";
import { shopDay } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

export const meta: MetaFunction = () => [{ title: "Reviews · Back office" }, { name: "robots", content: "noindex" }];

const STATUS_LABELS = { pending: "Held for moderation", published: "Published", rejected: "Rejected" } as const;
const NOT_FOUND = "We could not find that review.";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "reviews.moderate");
  const query = moderationQueryOf(new URL(request.url).searchParams);
  const list = await reviews.moderation(query.status, query.page);
  const allowed = allowedIntents(admin.role, REVIEW_INTENTS);
  return json({ status: query.status, ...list, allowed }, { headers: ADMIN_NO_STORE });
}

async function reviewOr404(reviewId: string) {
  const review = await reviews.forModeration(reviewId);
  if (!review) throw pageNotFound(NOT_FOUND);
  return review;
}

export async function action({ request }: ActionFunctionArgs) {
  type Decision = { reviewId: string; note?: string; status?: ModerationStatus };
  const decide = async (to: "published" | "rejected", input: Decision, admin: AdminIdentity, message: string) => {
    try {
      await reviews.moderate(input.reviewId, to, input.note, admin);
    } catch (error) {
      if (error instanceof ReviewError && error.field === "review") throw pageNotFound(NOT_FOUND);
      throw error;
    }
    const list = input.status && input.status !== "pending" ? `?status=${input.status}` : "";
    return backWithNotice(request, `/admin/reviews${list}`, { tone: "success", message });
  };
  return adminIntents(request, {
    permission: "reviews.moderate",
    intents: REVIEW_INTENTS,
    questions: { unpublish: async ({ reviewId }) => unpublishQuestion(await reviewOr404(reviewId)) },
    handlers: {
      publish: (input, { admin }) => decide("published", input, admin, "The review is published."),
      reject: async (input, { admin }) => {
        if ((await reviewOr404(input.reviewId)).status === "published") {
          throw new ServiceError("REVIEW_PUBLISHED", REJECT_PUBLISHED_MESSAGE, 409);
        }
        return decide("rejected", input, admin, "The review is rejected.");
      },
      unpublish: (input, { admin }) => decide("rejected", input, admin, "The review is unpublished."),
    },
  });
}

export default function AdminReviews() {
  const { status, reviews: list, total, page, pageSize, allowed } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  // The reply of the review's own form (its decision's errors or question), by the review posted.
  const reply = (["publish", "reject", "unpublish"] as const).map((intent) => replyFor(data, intent)).find(Boolean);
  const replyOf = (reviewId: string) => (reply?.initialValue?.reviewId === reviewId ? reply : undefined);
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
        {list.map((review) => (
          <li key={review.id}>
            <ReviewDecision review={review} status={status} allowed={allowed} reply={replyOf(review.id)} />
          </li>
        ))}
      </ul>
      <AdminPager page={page} pages={pages} hrefOf={(n) => `?status=${status}&page=${n}`} />
    </>
  );
}

function ReviewDecision({
  review,
  status,
  allowed,
  reply,
}: {
  review: ModerationView;
  status: ModerationStatus;
  allowed: Record<keyof typeof REVIEW_INTENTS, boolean>;
  reply: ActionReply | undefined;
}) {
  const zone = useShopTimeZone();
  const [form, fields] = useForm({
    id: `review-${review.id}`,
    lastResult: reply?.confirm ? undefined : reply,
    constraint: getZodConstraint(REVIEW_INTENTS.reject.schema),
  });
  return (
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
      <Form method="post" className="admin-actions" {...getFormProps(form)}>
        <input type="hidden" name="reviewId" value={review.id} />
        <input type="hidden" name="status" value={status} />
        <FormError errors={form.errors} id={form.errorId} />
        <TextField field={fields.note} label="Note" />
        {review.status !== "published" && allowed.publish ? (
          <button type="submit" name="intent" value="publish" className="button">
            Publish
          </button>
        ) : null}
        {review.status === "pending" && allowed.reject ? (
          <button type="submit" name="intent" value="reject" className="button">
            Reject
          </button>
        ) : null}
        {review.status === "published" && allowed.unpublish ? (
          <button type="submit" name="intent" value="unpublish" className="button button--danger">
            Unpublish
          </button>
        ) : null}
      </Form>
      <ConfirmPanel reply={reply} />
    </article>
  );
}
