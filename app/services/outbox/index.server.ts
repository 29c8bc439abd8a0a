// The shop's outbox (docs/rules.md "Outbox"): its topics' handlers are registered
// here, so whoever imports it (the job runner, `npm run worker`) can deliver every
// topic. The job runner calls `outbox.deliverDue()` periodically.
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import type { ClientErrorReport } from "~/models/client-error";
import { createEmailDelivery, EMAIL_TOPIC } from "~/services/email/email.server";
import { CLIENT_ERROR_TOPIC, forwardClientError } from "~/services/observability/client-error-forwarding.server";
import { createOutbox, PermanentDeliveryError } from "./outbox.server";

export {
  createOutbox,
  PermanentDeliveryError,
  type Outbox,
  type OutboxDelivery,
  type OutboxHandler,
  type OutboxSummary,
  type OutboxWriter,
} from "./outbox.server";

/** The shop's outbox: OUTBOX_MAX_TRIES tries per message. */
export const outbox = createOutbox(prisma, { maxTries: env.OUTBOX_MAX_TRIES });

outbox.register(
  EMAIL_TOPIC,
  createEmailDelivery(prisma, {
    transport: env.EMAIL_TRANSPORT,
    smtpUrl: env.SMTP_URL,
    messageIdHost: new URL(env.PUBLIC_URL).hostname,
  }),
);

outbox.register<ClientErrorReport>(CLIENT_ERROR_TOPIC, async ({ payload }) => {
  // Unset after the report was queued: nowhere to send it, and retrying will not change that.
  if (!env.CLIENT_ERROR_FORWARD_URL) throw new PermanentDeliveryError("CLIENT_ERROR_FORWARD_URL is not set");
  await forwardClientError(env.CLIENT_ERROR_FORWARD_URL, payload);
});
