// POST /api/send-contact-us { data: { name, email, phone?, orderNumber?, topic, message } }
// → 201 { ok: true, id } (shop-core spec section 7). The
// same schema, topics, rate limit and support email as the /contact-us page.
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { contactSchema } from "~/models/contact";
import { clientIpOf } from "~/services/sign-in/index.server";
import { contact, contactPageOf } from "~/services/contact/index.server";
import { getCustomerId } from "~/services/http/index.server";
import { getSite } from "~/services/site/index.server";
import { apiError, methodNotAllowed, NO_STORE, parseJsonBody, requireMethod, zodFields } from "~/utils/api.server";

const Envelope = z.object(
  {
    data: z.record(z.string(), z.unknown(), {
      required_error: "Send the form's fields in data.",
      invalid_type_error: "data must be an object of the form's fields.",
    }),
  },
  { invalid_type_error: 'Send a JSON object like { "data": { … } }.' },
);

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const site = getSite(request);
  const { data } = await parseJsonBody(request, Envelope);
  const { topics } = await contactPageOf(site);
  const parsed = contactSchema(topics).safeParse(data);
  if (!parsed.success) {
    // Field paths name the request body's fields, as in every API error ("data.email").
    const fields = Object.fromEntries(
      Object.entries(zodFields(parsed.error)).map(([path, message]) => [`data.${path}`, message]),
    );
    return apiError(400, "INVALID_REQUEST", "Some fields of the message are not valid.", fields);
  }
  const result = await contact.sendContactMessage({
    site,
    customerId: await getCustomerId(request),
    input: parsed.data,
    clientIp: clientIpOf(context),
  });
  if (!result.ok) {
    return apiError(
      429,
      "RATE_LIMITED",
      "Too many messages from this address in the last hour. Try again later.",
      undefined,
      { "Retry-After": String(result.retryAfterSeconds) },
    );
  }
  return json({ ok: true, id: result.id }, { status: 201, headers: NO_STORE });
}
