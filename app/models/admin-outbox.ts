// The outbox as the back office lists it (docs/rules.md "Back office: outbox"): its statuses
// and page size, shared by the outbox service and its page.
export const OUTBOX_STATUSES = ["queued", "sending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const OUTBOX_PAGE_SIZE = 50;
