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
});
