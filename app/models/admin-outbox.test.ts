import { describe, expect, it } from "vitest";
import { confirmedIntents, intentPermissions } from "./admin-intents";
import { OUTBOX_INTENTS } from "./admin-outbox";

describe("OUTBOX_INTENTS", () => {
  it("is the outbox page's whole intent → permission table; Retry does not ask first", () => {
    expect(intentPermissions(OUTBOX_INTENTS)).toEqual({ retry: "outbox.retry" });
    expect(confirmedIntents(OUTBOX_INTENTS)).toEqual([]);
  });

  it("refuses a retry without a message", () => {
    expect(OUTBOX_INTENTS.retry.schema.safeParse({ intent: "retry", messageId: "m1" }).success).toBe(true);
    expect(OUTBOX_INTENTS.retry.schema.safeParse({ intent: "retry", messageId: " " }).success).toBe(false);
    expect(OUTBOX_INTENTS.retry.schema.safeParse({ intent: "retry" }).success).toBe(false);
  });
});
