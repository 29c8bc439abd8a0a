// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { GivingBack } from "./giving-back";
import { OrderAmountList } from "./order-amounts";

afterEach(cleanup);

/** "$1.45" → 145, "−$10.00" → −1000, "Free" → 0. */
const cents = (text: string) =>
  text === "Free" ? 0 : Math.round(Number(text.replace(/[−$,]/g, "")) * 100) * (text.startsWith("−") ? -1 : 1);

/** The rendered rows before the total, and the total, in cents. */
function renderedAmounts() {
  const list = document.querySelector("dl")!;
  const rows = within(list)
    .getAllByRole("definition")
    .map((dd) => ({ label: dd.previousElementSibling!.textContent!, value: dd.textContent! }));
  const total = rows.pop()!;
  expect(total.label).toBe("Total");
  return { rows, total: cents(total.value) };
}

const order = {
  subtotalCents: 6000,
  discountCents: 0,
  discountCodes: [],
  programDiscountCents: 1800,
  shippingCents: 799,
  surchargeCents: 400,
  taxCents: 122,
  totalCents: 6000 - 1800 + 799 + 400 + 122 + 79,
  shopperDonationKind: "round-up",
  shopperDonationCents: 79,
};

describe("the order's totals with the shopper's donation (docs/rules.md 'Donations')", () => {
  it("shows the round-up as its own row, and the rows add up to the total", () => {
    render(<OrderAmountList amounts={order} />);
    const { rows, total } = renderedAmounts();
    expect(rows.at(-1)).toEqual({ label: "Round-up donation", value: "$0.79" });
    expect(rows.reduce((sum, row) => sum + cents(row.value), 0)).toBe(total);
    expect(total).toBe(5600);
  });

  it("shows an add-on as its row, and no donation row without one", () => {
    render(
      <OrderAmountList
        amounts={{ ...order, shopperDonationKind: "add-on", shopperDonationCents: 300, totalCents: 5821 }}
      />,
    );
    const addOn = renderedAmounts();
    expect(addOn.rows.at(-1)).toEqual({ label: "Add-on donation", value: "$3.00" });
    expect(addOn.rows.reduce((sum, row) => sum + cents(row.value), 0)).toBe(addOn.total);
    cleanup();
    render(
      <OrderAmountList amounts={{ ...order, shopperDonationKind: null, shopperDonationCents: 0, totalCents: 5521 }} />,
    );
    const none = renderedAmounts();
    expect(none.rows.map((row) => row.label)).not.toContain("Round-up donation");
    expect(none.rows.reduce((sum, row) => sum + cents(row.value), 0)).toBe(none.total);
  });
});

describe("Giving back (docs/rules.md 'Donations')", () => {
  const gift = {
    donationCauseName: "Paws Rescue",
    donationCents: 120,
    shopperDonationKind: "round-up",
    shopperDonationCents: 79,
  };

  it("says what the order gives and the shopper's part of it", () => {
    render(<GivingBack order={gift} />);
    const section = screen.getByRole("region", { name: "Giving back" });
    expect(section.textContent).toContain("This order gives $1.99 to Paws Rescue.");
    expect(section.textContent).toContain("That includes your round-up of $0.79.");
  });

  it("leaves out the second line without an extra, and the section when the order gives nothing", () => {
    render(<GivingBack order={{ ...gift, shopperDonationKind: null, shopperDonationCents: 0 }} />);
    expect(screen.getByRole("region", { name: "Giving back" }).textContent).toBe(
      "Giving backThis order gives $1.20 to Paws Rescue.",
    );
    cleanup();
    const { container } = render(<GivingBack order={{ ...gift, donationCents: 0, shopperDonationCents: 0 }} />);
    expect(container.innerHTML).toBe("");
    const noCause = render(<GivingBack order={{ ...gift, donationCauseName: null }} />);
    expect(noCause.container.innerHTML).toBe("");
  });
});
