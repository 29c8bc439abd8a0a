import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import {
  AutoshipActionSchema,
  CANCEL_NOTE_MAX,
  CANCEL_REASONS,
  cancelReasonText,
  changedNotice,
  isCancelReason,
  longDate,
} from "./autoship-forms";

const NY = "America/New_York";

const parse = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const submission = parseWithZod(form, { schema: AutoshipActionSchema });
  return { status: submission.status, error: submission.status === "success" ? undefined : submission.error };
};

describe("autoship forms", () => {
  it("cancel: an optional note of up to 300 characters, kept after the reason", () => {
    const base = { intent: "cancel", subscriptionId: "s1", cancelReason: "Moving" };
    expect(parse({ ...base, cancelNote: "x".repeat(CANCEL_NOTE_MAX) }).status).toBe("success");
    expect(parse(base).status).toBe("success");
    expect(parse({ ...base, cancelNote: "x".repeat(CANCEL_NOTE_MAX + 1) }).error).toEqual({
      cancelNote: ["Keep the note under 300 characters."],
    });
    expect(cancelReasonText("Moving", "  to Denver ")).toBe("Moving: to Denver");
    expect(cancelReasonText("Moving", "   ")).toBe("Moving");
    expect(isCancelReason("Moving")).toBe(true);
    expect(isCancelReason("moving")).toBe(false);
  });

  it("change address and swap: an id is needed", () => {
    expect(parse({ intent: "change-address", subscriptionId: "s1", addressId: "a1" }).status).toBe("success");
    expect(parse({ intent: "change-address", subscriptionId: "s1", addressId: "" }).error).toEqual({
      addressId: ["Choose an address."],
    });
    expect(parse({ intent: "swap-variant", subscriptionId: "s1", variantId: "v2" }).status).toBe("success");
    expect(parse({ intent: "swap-variant", subscriptionId: "s1" }).error).toEqual({
      variantId: ["Choose a size or flavor."],
    });
  });

  it("quantity: 1 and 5 pass, 0 and 6 and 2.5 are refused beside the field", () => {
    for (const quantity of ["1", "5"]) {
      expect(parse({ intent: "change-quantity", subscriptionId: "s1", quantity }).status).toBe("success");
    }
    for (const quantity of ["0", "6", "2.5"]) {
      const result = parse({ intent: "change-quantity", subscriptionId: "s1", quantity });
      expect(result.status).toBe("error");
      expect(result.error?.quantity).toEqual(["Choose a quantity from 1 to 5."]);
    }
  });

  it("next date: a real YYYY-MM-DD date only", () => {
    expect(parse({ intent: "change-date", subscriptionId: "s1", nextOrderDate: "2028-02-29" }).status).toBe("success");
    expect(parse({ intent: "change-date", subscriptionId: "s1", nextOrderDate: "2027-02-29" }).error).toEqual({
      nextOrderDate: ["Enter a real date."],
    });
    // Shaped like a date but no day at all: refused, not a crash.
    expect(parse({ intent: "change-date", subscriptionId: "s1", nextOrderDate: "2026-13-45" }).error).toEqual({
      nextOrderDate: ["Enter a real date."],
    });
    expect(parse({ intent: "change-date", subscriptionId: "s1", nextOrderDate: "3/1/2027" }).error).toEqual({
      nextOrderDate: ["Enter the date as YYYY-MM-DD."],
    });
  });

  it("cancel: a reason from the list only", () => {
    expect(parse({ intent: "cancel", subscriptionId: "s1", cancelReason: CANCEL_REASONS[0] }).status).toBe("success");
    expect(parse({ intent: "cancel", subscriptionId: "s1", cancelReason: "Because" }).error).toEqual({
      cancelReason: ["Choose why you are cancelling."],
    });
  });

  it("every form names its subscription; an unknown intent is refused", () => {
    expect(parse({ intent: "skip-next" }).error?.subscriptionId).toEqual(["Missing subscription."]);
    expect(parse({ intent: "free-food", subscriptionId: "s1" }).status).toBe("error");
  });

  it("notices name the site's noun; order now already placed today is information", () => {
    const s = {
      productTitle: "Adult",
      frequency: "Every 4 weeks",
      quantity: 2,
      nextOrderDate: new Date("2026-03-02T17:00:00Z"),
    };
    expect(changedNotice("cancel", s, "autoship", NY).message).toBe("Your autoship of Adult is cancelled.");
    expect(changedNotice("cancel", s, "subscription", NY).message).toBe("Your subscription of Adult is cancelled.");
    expect(changedNotice("skip-next", s, "autoship", NY).message).toBe(
      "Skipped. The next order of Adult is on Monday, March 2, 2026.",
    );
    // The day in the shop's time zone: 01:00 UTC on March 3 is still March 2 in New York.
    expect(
      changedNotice("skip-next", { ...s, nextOrderDate: new Date("2026-03-03T01:00:00Z") }, "autoship", NY).message,
    ).toBe("Skipped. The next order of Adult is on Monday, March 2, 2026.");
    // The page's data carries the day as "YYYY-MM-DD": written as that day.
    expect(longDate("2026-03-02", NY)).toBe("Monday, March 2, 2026");
    expect(changedNotice("order-now", s, "autoship", NY, true)).toEqual({
      tone: "info",
      message: "You already ordered Adult today.",
    });
  });

  it("change card: names a card; the notice names the card it is now paid with", () => {
    expect(parse({ intent: "change-card", subscriptionId: "s1", tokenId: "tok_1" }).status).toBe("success");
    expect(parse({ intent: "change-card", subscriptionId: "s1", tokenId: " " }).error).toEqual({
      tokenId: ["Choose a card."],
    });
    expect(parse({ intent: "change-card", subscriptionId: "s1" }).error).toEqual({ tokenId: ["Choose a card."] });
    const s = {
      productTitle: "Adult",
      frequency: "Every 4 weeks",
      quantity: 2,
      nextOrderDate: new Date("2026-03-02T17:00:00Z"),
    };
    expect(changedNotice("change-card", { ...s, cardLabel: "Visa ending 4242" }, "autoship", NY)).toEqual({
      tone: "success",
      message: "Your autoship of Adult is now paid with Visa ending 4242.",
    });
  });
});
