// The outbox as the back office lists it (docs/rules.md "Back office: outbox"): its statuses
// and page size, shared by the outbox service and its page, and the page's actions.
import { z } from "zod";
import { defineIntents } from "./admin-intents";

export const OUTBOX_STATUSES = ["queued", "sending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const OUTBOX_PAGE_SIZE = 50;

/**
 * The outbox page's actions (docs/rules.md "Back office: one form contract"): Retry queues a
 * failed message again. It destroys nothing (the message was not delivered; its last error
 * stays until the next try), so it acts without asking first.
 */
export const OUTBOX_INTENTS = defineIntents({
  retry: {
    schema: z.object({
      intent: z.literal("retry"),
      messageId: z.string({ required_error: "Choose a message to retry." }).trim().min(1).max(100),
    }),
    permission: "outbox.retry",
  },
});
