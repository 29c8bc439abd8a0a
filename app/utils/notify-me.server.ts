// The product page's action (app/routes/products.$.tsx): "Notify me when it's back"
// (docs/rules.md "Back in stock"). A server module, so the form's schema (zod) never reaches the
// listing and product pages' scripts (docs/rules.md "Client JavaScript budget").
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs } from "@remix-run/node";
import { isServiceError } from "~/models/service-error";
import { notifyMeConfirmation, notifyMeSchema, type NotifyMeInput } from "~/models/stock-notification";
import { getCustomerId, isSpam, rateLimits, SPAM_MESSAGE } from "~/services/http/index.server";
import { clientIpOf } from "~/services/sign-in/index.server";
import { getSite } from "~/services/site/index.server";
import { stockNotifications } from "~/services/stock/index.server";
import { readFormData, replyWith } from "~/utils/form.server";

/**
 * "Notify me when it's back" (docs/rules.md "Back in stock"), the one form a product page posts
 * to itself: a fetcher gets the reply as JSON, a post without JavaScript gets the page back with
 * the reply in place. A signed-in shopper's address comes from the session, never the form.
 */
export async function notifyMeAction({ request, context }: ActionFunctionArgs) {
  const site = getSite(request);
  const formData = await readFormData(request);
  const customerId = await getCustomerId(request);
  const submission = parseWithZod(formData, { schema: notifyMeSchema(Boolean(customerId)) });
  const variantId = formData.get("variantId");
  const target = typeof variantId === "string" ? variantId : undefined;
  if (isSpam(formData)) return replyWith(submission, { formErrors: [SPAM_MESSAGE], target });
  if (submission.status !== "success") return replyWith(submission, { target });
  try {
    const result = await stockNotifications.request({
      site,
      variantId: submission.value.variantId,
      customerId,
      email: (submission.value as NotifyMeInput).email,
      clientIp: clientIpOf(context),
    });
    if (!result.ok) {
      return replyWith(submission, {
        status: 429,
        formErrors: [rateLimits.budgets["back-in-stock"].message],
        target,
        headers: { "Retry-After": String(result.retryAfterSeconds) },
      });
    }
    return replyWith(submission, {
      target,
      notice: { tone: "success", message: notifyMeConfirmation(result.email) },
    });
  } catch (error) {
    if (isServiceError(error)) return replyWith(submission, { error, target });
    throw error;
  }
}
