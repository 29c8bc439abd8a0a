import { describe, expect, it } from "vitest";
import { priceOrder } from "~/models/order-pricing";
import { amountRows } from "~/models/order-amounts";

const base = {
  shipToZip: "80011",
  freeShippingMinimumCents: 5000,
  shippingRateCents: 799,
  taxRates: { CO: 0.029 },
};

describe("program discount at checkout (catalogue spec section 2, cart page; catalogue spec section 9)", () => {
  it("takes the program percent off the merchandise before shipping and tax", () => {
    const priced = priceOrder({
      ...base,
      lines: [{ id: "a", quantity: 2, unitPriceCents: 5000, sellingPlanId: null }],
      programDiscountPercent: 30,
    });
    expect(priced).toMatchObject({
      subtotalCents: 10000,
      discountCents: 0,
      programDiscountCents: 3000,
      merchandiseCents: 7000,
      appliedCodes: [],
      shippingCents: 0,
      surchargeCents: 0,
      taxCents: 203,
      totalCents: 7203,
    });
  });

  it("gives no program discount without a program percent", () => {
    const priced = priceOrder({
      ...base,
      lines: [{ id: "a", quantity: 2, unitPriceCents: 5000, sellingPlanId: null }],
    });
    expect(priced).toMatchObject({
      programDiscountCents: 0,
      merchandiseCents: 10000,
      taxCents: 290,
      totalCents: 10290,
    });
  });

  it("replaces AUTO35 with the program discount", () => {
    const lines = [{ id: "a", quantity: 2, unitPriceCents: 5000, sellingPlanId: "autoship-4w" }];
    const program = priceOrder({ ...base, lines, firstAutoshipDiscount: true, programDiscountPercent: 30 });
    // Autoship lines are 5% off: 2 × 4750 = 9500; 30% of 9500 = 2850.
    expect(program).toMatchObject({
      subtotalCents: 9500,
      discountCents: 0,
      appliedCodes: [],
      programDiscountCents: 2850,
      merchandiseCents: 6650,
    });

    const consumer = priceOrder({ ...base, lines, firstAutoshipDiscount: true });
    // 35% of 9500 = 3325.
    expect(consumer).toMatchObject({
      subtotalCents: 9500,
      discountCents: 3325,
      appliedCodes: ["AUTO35"],
      programDiscountCents: 0,
      merchandiseCents: 6175,
    });

    const zeroPercent = priceOrder({ ...base, lines, firstAutoshipDiscount: true, programDiscountPercent: 0 });
    expect(zeroPercent).toMatchObject({ discountCents: 3325, appliedCodes: ["AUTO35"], programDiscountCents: 0 });
  });
});

describe("program amount rows (catalogue spec section 2, cart page: subtotal before savings)", () => {
  const amounts = {
    subtotalCents: 10000,
    discountCents: 0,
    discountCodes: [],
    shippingCents: 0,
    surchargeCents: 0,
    taxCents: 203,
    totalCents: 7203,
  };

  it("shows the subtotal before savings, then the program discount", () => {
    const rows = amountRows({ ...amounts, programDiscountCents: 3000 });
    expect(rows.slice(0, 2)).toEqual([
      { label: "Subtotal before savings", value: "$100.00" },
      { label: "Program discount", value: "\u2212$30.00" },
    ]);
    expect(rows).toEqual([
      { label: "Subtotal before savings", value: "$100.00" },
      { label: "Program discount", value: "−$30.00" },
      { label: "Shipping", value: "Free" },
      { label: "Tax", value: "$2.03" },
    ]);
  });

  it("shows a plain subtotal and no program row without a program discount", () => {
    for (const rows of [amountRows({ ...amounts, programDiscountCents: 0 }), amountRows(amounts)]) {
      expect(rows[0]).toEqual({ label: "Subtotal", value: "$100.00" });
      expect(rows.map((row) => row.label)).not.toContain("Program discount");
      expect(rows.map((row) => row.label)).not.toContain("Subtotal before savings");
    }
  });
});
