import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  allowedIntents,
  confirmedIntents,
  defineIntents,
  intentOf,
  intentPermissions,
  isConfirmed,
} from "./admin-intents";

const TABLE = defineIntents({
  publish: { schema: z.object({ intent: z.literal("publish") }), permission: "content.publish" },
  remove: {
    schema: z.object({ intent: z.literal("remove") }),
    permission: "content.edit",
    confirm: { label: "Delete" },
  },
});

describe("an intent table", () => {
  it("knows only its own intents: not an inherited name, not a missing one", () => {
    expect(intentOf(TABLE, "publish")).toBe("publish");
    for (const value of ["toString", "__proto__", "constructor", "", null, undefined, ["publish"]]) {
      expect(intentOf(TABLE, value)).toBeNull();
    }
  });

  it("gives its whole permission map, its confirmed intents, and what a role may post", () => {
    expect(intentPermissions(TABLE)).toEqual({ publish: "content.publish", remove: "content.edit" });
    expect(confirmedIntents(TABLE)).toEqual(["remove"]);
    expect(allowedIntents("content", TABLE)).toEqual({ publish: true, remove: true });
    expect(allowedIntents("fulfilment", TABLE)).toEqual({ publish: false, remove: false });
    expect(allowedIntents("owner", TABLE)).toEqual({ publish: true, remove: true });
  });

  it("is confirmed only by the literal yes", () => {
    const form = (value?: string) => new URLSearchParams(value === undefined ? {} : { confirmed: value });
    expect(isConfirmed(form("yes"))).toBe(true);
    for (const value of [undefined, "", "true", "YES", "on"]) expect(isConfirmed(form(value))).toBe(false);
  });
});
