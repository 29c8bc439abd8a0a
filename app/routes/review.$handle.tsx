// /review/{handle} (docs/rules.md "Reviews on pages"; docs/api.md): a signed-in customer
// writes their one review of a product: stars, title, text. A plain form post (works without
// JavaScript; conform checks the same schema as you type with it). Needs functional consent
// like every reviews feature (catalogue spec section 8); a customer who already reviewed the
// product sees their review and its status. Success returns to the product page with a notice.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FieldError, FormError, inputProps, TextAreaField, TextField } from "~/components/form-field";
import { ReviewsDeclined, Stars } from "~/components/product-reviews";
import { PRIVATE_NO_STORE } from "~/models/cache-policy";
import { allows } from "~/models/consent";
import { OWN_REVIEW_STATUS, reviewThanks } from "~/models/review-pages";
import { reviewFormSchema, type ReviewFormInput } from "~/models/review-form";
import { BODY_MAX_LENGTH, BODY_MIN_LENGTH, ReviewError } from "~/models/reviews";
import { commerce } from "~/services/commerce/index.server";
import { readConsent } from "~/services/consent/index.server";
import { commitNotice, requireCustomer } from "~/services/http/index.server";
import { reviews } from "~/services/reviews/index.server";
import { getSite } from "~/services/site/index.server";
import { canonicalProductPath } from "~/services/storefront/index.server";
import { pageNotFound, readFormData, replyWith } from "~/utils/form.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, { title: data ? `Review ${data.product.title}` : "Write a review", noindex: true });

/** The product by its handle on this site, with its page; a product the site does not sell is not found. */
async function productFor(request: Request, handle: string | undefined) {
  const site = getSite(request);
  const product = handle ? await commerce.getProduct(site, handle) : null;
  if (!product) throw pageNotFound("Product not found");
  const path = (await canonicalProductPath({ site, handle: product.handle })) ?? `/products/${product.handle}`;
  return { id: product.id, handle: product.handle, title: product.title, path };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const customerId = await requireCustomer(request);
  const product = await productFor(request, params.handle);
  const headers = { "Cache-Control": PRIVATE_NO_STORE };
  const { id, ...shown } = product;
  if (!allows(readConsent(request), "functional")) {
    return json({ product: shown, mode: "declined" as const, own: null, bought: false }, { headers });
  }
  const [own, bought] = await Promise.all([reviews.reviewBy(customerId, id), reviews.hasBought(customerId, id)]);
  return json({ product: shown, mode: own ? ("reviewed" as const) : ("form" as const), own, bought }, { headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const customerId = await requireCustomer(request);
  const product = await productFor(request, params.handle);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: reviewFormSchema });
  if (!allows(readConsent(request), "functional")) {
    return replyWith(submission, {
      status: 403,
      formErrors: ["Reviews need functional cookies. Please enable them in the cookie preferences."],
    });
  }
  if (submission.status !== "success") return replyWith(submission);
  let review;
  try {
    review = await reviews.submit({ productId: product.id, customerId, ...submission.value });
  } catch (error) {
    if (!(error instanceof ReviewError)) throw error;
    const field = error.field === "product" ? null : error.field;
    return replyWith(submission, {
      status: 422,
      ...(field ? { fieldErrors: { [field]: [error.message] } } : { formErrors: [error.message] }),
    });
  }
  return redirect(`${product.path}#reviews`, {
    status: 303,
    headers: await commitNotice(request, { tone: "success", message: reviewThanks(review.status) }),
  });
}

export default function WriteReviewPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="container review-page">
      <p>
        <Link to={data.product.path}>← {data.product.title}</Link>
      </p>
      <h1>Review {data.product.title}</h1>
      {data.mode === "declined" ? (
        <ReviewsDeclined />
      ) : data.mode === "reviewed" && data.own ? (
        <section aria-labelledby="own-review-title" className="review review--own">
          <h2 id="own-review-title">Your review</h2>
          <p>
            Status: <span className="reviews__status">{OWN_REVIEW_STATUS[data.own.status]}</span>
          </p>
          <Stars rating={data.own.rating} />
          <h3 className="review__title">{data.own.title}</h3>
          <p className="review__body">{data.own.body}</p>
          <p>You can write one review per product.</p>
        </section>
      ) : (
        <ReviewForm bought={data.bought} />
      )}
    </div>
  );
}

function ReviewForm({ bought }: { bought: boolean }) {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<ReviewFormInput>({
    id: "review",
    lastResult,
    constraint: getZodConstraint(reviewFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const busy = useNavigation().state === "submitting";
  const ratingError = fields.rating.errors?.length ? fields.rating.errorId : undefined;
  return (
    // noValidate also without JavaScript: the server's messages, beside each field, replace the browser's.
    <Form method="post" {...getFormProps(form)} noValidate className="review-form">
      <FormError errors={form.errors} id={form.errorId} />
      {bought ? (
        <p className="field__hint">You bought this product: your review carries the “Verified buyer” mark.</p>
      ) : null}
      <fieldset className="review-form__stars" aria-describedby={ratingError}>
        <legend>Your rating</legend>
        {[1, 2, 3, 4, 5].map((stars) => {
          const { key, ...props } = inputProps(fields.rating, { type: "radio", value: String(stars) });
          const id = `${fields.rating.id}-${stars}`;
          return (
            <span className="review-form__star" key={key ?? stars}>
              <input {...props} id={id} aria-describedby={undefined} aria-invalid={undefined} />
              <label htmlFor={id}>
                {stars} {stars === 1 ? "star" : "stars"}
              </label>
            </span>
          );
        })}
        <FieldError field={fields.rating} />
      </fieldset>
      <TextField field={fields.title} label="Title" autoComplete="off" />
      <TextAreaField
        field={fields.body}
        label="Your review"
        hint={`What did your pet think? ${BODY_MIN_LENGTH} to ${BODY_MAX_LENGTH.toLocaleString("en-US")} characters.`}
      />
      <button type="submit" className="button button--primary button--large" disabled={busy}>
        {busy ? "Sending…" : "Submit review"}
      </button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
