import { describe, expect, it } from "vitest";
import {
  BUY_AGAIN_MAX_QUANTITY,
  buyAgainLines,
  buyAgainNotice,
  nothingToBuyAgainMessage,
  type PastOrderLine,
} from "./buy-again";

const line = (over: Partial<PastOrderLine>): PastOrderLine => ({
  variantId: "v1",
  productTitle: "Adult",
  variantTitle: "15.5 lb bag",
  quantity: 2,
  sellingPlanId: null,
  ...over,
});

describe("buy again", () => {
  it("adds the lines still sold, keeping an autoship plan while the product may be on autoship and the plan exists", () => {
    const result = buyAgainLines(
      [line({}), line({ variantId: "v2", sellingPlanId: "autoship-4w", quantity: 3 })],
      new Map([
        ["v1", false],
        ["v2", true],
      ]),
      new Set(["autoship-4w"]),
    );
    expect(result).toEqual({
      lines: [
        { merchandiseId: "v1", quantity: 2, sellingPlanId: null },
        { merchandiseId: "v2", quantity: 3, sellingPlanId: "autoship-4w" },
      ],
      unavailable: [],
      nowOneTime: [],
    });
  });

  it("names the lines no longer sold (a deleted variant, or one the site does not sell)", () => {
    const result = buyAgainLines(
      [line({ variantId: null, productTitle: "Gone" }), line({ variantId: "v9", variantTitle: "" })],
      new Map(),
      new Set(),
    );
    expect(result.lines).toEqual([]);
    expect(result.unavailable).toEqual(["Gone (15.5 lb bag)", "Adult"]);
  });

  it("adds an autoship line as one-time when the product may no longer be on autoship or the plan is gone", () => {
    const result = buyAgainLines(
      [line({ sellingPlanId: "autoship-4w" }), line({ variantId: "v2", sellingPlanId: "autoship-99w" })],
      new Map([
        ["v1", false],
        ["v2", true],
      ]),
      new Set(["autoship-4w"]),
    );
    expect(result.lines.map((l) => l.sellingPlanId)).toEqual([null, null]);
    expect(result.nowOneTime).toHaveLength(2);
  });

  it("asks the cart for at most 999 of a line; the cart trims to its limits", () => {
    const result = buyAgainLines([line({ quantity: 5000 })], new Map([["v1", false]]), new Set());
    expect(result.lines[0].quantity).toBe(BUY_AGAIN_MAX_QUANTITY);
  });
});

describe("the buy again notice", () => {
  const base = { orderNumber: 100012, names: new Map([["v1", "Kibble (15 lb)"]]), unavailable: [], nowOneTime: [] };

  it("is a success when everything went in as asked", () => {
    expect(buyAgainNotice({ ...base, asked: 2, notices: [] })).toEqual({
      tone: "success",
      message: "Added the items from order #100012 to your cart.",
    });
  });

  it("names a trimmed line, and says what was not added and what is now one-time", () => {
    expect(
      buyAgainNotice({
        ...base,
        asked: 2,
        notices: [
          { code: "QUANTITY_CLAMPED", message: "Quantity limited to 10.", variantId: "v1" },
          { code: "NOTHING_ADDED", message: "Your cart is full." },
        ],
        unavailable: ["Old treat"],
        nowOneTime: ["Cat litter"],
      }),
    ).toEqual({
      tone: "info",
      message:
        "Added the items from order #100012 to your cart. Kibble (15 lb): quantity limited to 10. Your cart is full. Not added, no longer sold: Old treat. No longer on autoship, added as a one-time purchase: Cat litter.",
    });
    expect(buyAgainNotice({ ...base, asked: 1, notices: [{ code: "NOTHING_ADDED", message: "Full." }] }).message).toBe(
      "Nothing new was added to your cart. Full.",
    );
    expect(nothingToBuyAgainMessage(["A"])).toBe("Nothing could be added: A is no longer sold.");
    expect(nothingToBuyAgainMessage(["A", "B"])).toBe("Nothing could be added: A, B are no longer sold.");
  });
});
