import { describe, expect, it } from "vitest";
import { amountRows } from "./order-amounts";

const base = {
  subtotalCents: 5000,
  discountCents: 0,
  discountCodes: [],
  shippingCents: 0,
  surchargeCents: 0,
  taxCents: 145,
  totalCents: 5145,
};

describe("order amount lines (the review shows every amount)", () => {
  it("lists subtotal, free shipping and tax; discount and the AK/HI charge only when present", () => {
    expect(amountRows(base)).toEqual([
      { label: "Subtotal", value: "$50.00" },
      { label: "Shipping", value: "Free" },
      { label: "Tax", value: "$1.45" },
    ]);
    expect(
      amountRows({ ...base, discountCents: 1000, discountCodes: ["AUTO35"], shippingCents: 799, surchargeCents: 400 }),
    ).toEqual([
      { label: "Subtotal", value: "$50.00" },
      { label: "Discount (AUTO35)", value: "−$10.00" },
      { label: "Shipping", value: "$7.99" },
      { label: "Alaska/Hawaii service charge", value: "$4.00" },
      { label: "Tax", value: "$1.45" },
    ]);
  });

  it("says tax comes after the address while it is not known", () => {
    expect(amountRows(base, { taxPending: true }).at(-1)).toEqual({
      label: "Tax",
      value: "Calculated after the shipping address",
    });
  });

  it("ends with the shopper's round-up or add-on, after tax, so the rows add up to the total", () => {
    const rounded = { ...base, shopperDonationKind: "round-up", shopperDonationCents: 55, totalCents: 5200 };
    expect(amountRows(rounded).slice(-2)).toEqual([
      { label: "Tax", value: "$1.45" },
      { label: "Round-up donation", value: "$0.55" },
    ]);
    expect(amountRows({ ...rounded, shopperDonationKind: "add-on", shopperDonationCents: 300 }).at(-1)).toEqual({
      label: "Add-on donation",
      value: "$3.00",
    });
    // None, or tax still pending (a round-up depends on the tax): no donation row.
    expect(amountRows({ ...base, shopperDonationKind: null, shopperDonationCents: 0 }).at(-1)?.label).toBe("Tax");
    expect(amountRows(rounded, { taxPending: true }).at(-1)?.label).toBe("Tax");
  });
});
