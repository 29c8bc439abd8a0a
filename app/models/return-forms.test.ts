import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { RETURN_COMMENT_MAX, RETURN_REASONS } from "./order-lifecycle";
import {
  cancelledNotice,
  cancelQuestion,
  isOrderIntent,
  OrderActionSchema,
  returnLinesOf,
  returnWindowText,
} from "./return-forms";

const parse = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const submission = parseWithZod(form, { schema: OrderActionSchema });
  return submission.status === "success"
    ? { status: submission.status, value: submission.value, error: undefined }
    : { status: submission.status, value: undefined, error: submission.error };
};

const RETURN = { intent: "return", requestKey: "key-1", reason: RETURN_REASONS[0] };

describe("order page forms", () => {
  it("return: quantities per line as lines.<id>, a reason from the list, an optional comment", () => {
    const submission = parse({ ...RETURN, "lines.l1": "2", "lines.l2": "0", comment: "  " });
    expect(submission.status).toBe("success");
    if (submission.value?.intent !== "return") throw new Error("parsed");
    expect(submission.value).toMatchObject({ requestKey: "key-1", reason: RETURN_REASONS[0], comment: null });
    expect(returnLinesOf(submission.value.lines)).toEqual([{ orderLineId: "l1", quantity: 2 }]);
  });

  it("return: refuses no units at all, a bad quantity beside its line, an unknown reason, a long comment", () => {
    expect(parse({ ...RETURN, "lines.l1": "0" }).error).toEqual({ lines: ["Choose at least one item to return."] });
    expect(parse({ ...RETURN }).error).toEqual({ lines: ["Choose at least one item to return."] });
    expect(parse({ ...RETURN, "lines.l1": "-1" }).error).toEqual({ "lines.l1": ["Choose how many to return."] });
    expect(parse({ ...RETURN, "lines.l1": "1.5" }).error?.["lines.l1"]).toEqual(["Choose how many to return."]);
    expect(parse({ ...RETURN, "lines.l1": "1", reason: "Because" }).error).toEqual({
      reason: ["Choose why you are returning these items."],
    });
    expect(parse({ ...RETURN, "lines.l1": "1", comment: "x".repeat(RETURN_COMMENT_MAX) }).status).toBe("success");
    expect(parse({ ...RETURN, "lines.l1": "1", comment: "x".repeat(RETURN_COMMENT_MAX + 1) }).error).toEqual({
      comment: [`Keep the comment to ${RETURN_COMMENT_MAX} characters.`],
    });
    expect(parse({ ...RETURN, requestKey: "", "lines.l1": "1" }).error?.requestKey).toBeDefined();
  });

  it("cancel and buy again carry only their intent; an unknown intent is refused", () => {
    expect(parse({ intent: "cancel" }).status).toBe("success");
    expect(parse({ intent: "buy-again" }).status).toBe("success");
    expect(parse({ intent: "refund-me" }).status).toBe("error");
    expect(isOrderIntent("cancel")).toBe(true);
    expect(isOrderIntent("refund-me")).toBe(false);
    expect(isOrderIntent(null)).toBe(false);
  });

  it("writes the return window's last day in the shop's time zone, and the page's texts", () => {
    const NY = "America/New_York";
    expect(returnWindowText("2027-06-03T23:00:00.000Z", NY)).toBe("Returns accepted until June 3, 2027");
    // 02:00 UTC on June 4 is still June 3 in New York.
    expect(returnWindowText("2027-06-04T02:00:00.000Z", NY)).toBe("Returns accepted until June 3, 2027");
    expect(returnWindowText("2027-06-04T02:00:00.000Z", "UTC")).toBe("Returns accepted until June 4, 2027");
    expect(cancelQuestion(1042, 2599, "USD")).toBe("Cancel order #1042? The refund of $25.99 goes back to your card.");
    expect(cancelledNotice(1042, { outcome: "cancelled", refundCents: 2599 }, "USD")).toEqual({
      tone: "success",
      message: "Order #1042 is cancelled. The refund of $25.99 goes back to your card.",
    });
    expect(cancelledNotice(1042, { outcome: "already", refundCents: 2599 }, "USD")).toEqual({
      tone: "info",
      message: "Order #1042 is already cancelled.",
    });
  });
});
