// POST /webhooks/shopify: Shopify's webhook deliveries (docs/api.md "Shopify webhooks"). The
// route only adapts: it reads the raw body once and hands it with the headers to the receiver,
// which verifies and acts (docs/rules.md "Shopify webhooks"). Open on a locked or maintenance
// site (app/models/site-access.ts), a JSON body without Origin or cookies (the request guard).
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { SHOPIFY_WEBHOOK_MAX_BODY_BYTES } from "~/models/shopify-webhook";
import { shopifyWebhooks } from "~/services/checkout/index.server";
import { apiError, methodNotAllowed, NO_STORE, requireMethod } from "~/utils/api.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  // The bytes as Shopify signed them: no decoding before the HMAC is checked.
  if (Number(request.headers.get("Content-Length") ?? 0) > SHOPIFY_WEBHOOK_MAX_BODY_BYTES) {
    return apiError(413, "PAYLOAD_TOO_LARGE", "The webhook body is larger than 1 MB.");
  }
  const body = new Uint8Array(await request.arrayBuffer());
  const answer = await shopifyWebhooks.receive({ headers: request.headers, body });
  if (answer.status !== 200) return apiError(answer.status, answer.code, answer.message);
  return json({ ok: true, code: answer.code }, { headers: NO_STORE });
}
