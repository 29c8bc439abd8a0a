// The shop's outbox (docs/rules.md "Outbox"). Each topic's owner registers its
// handler on it (email: app/services/email, browser error reports:
// app/services/client-errors); the jobs import both and call `outbox.deliverDue()`.
import { prisma } from "~/db.server";
import { emailSettings } from "~/env.server";
import { createOutbox } from "./outbox.server";

export {
  createOutbox,
  OUTBOX_PAGE_SIZE,
  OUTBOX_STATUSES,
  OutboxRetryError,
  PermanentDeliveryError,
  type OutboxBacklog,
  type OutboxMessageView,
  type OutboxStatus,
  type Outbox,
  type OutboxDelivery,
  type OutboxHandler,
  type OutboxSummary,
  type OutboxWriter,
} from "./outbox.server";

/** The shop's outbox: OUTBOX_MAX_TRIES tries per message. */
export const outbox = createOutbox(prisma, { maxTries: emailSettings.OUTBOX_MAX_TRIES });
