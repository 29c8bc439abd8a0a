import { describe, expect, it } from "vitest";
import { cardExpiredBy, cardExpiryLabel, cardLabel, expiringCardNotice } from "./payment-cards";

const card = { brand: "visa", last4: "4242", expMonth: 12, expYear: 2026 };

describe("saved cards", () => {
  it("names a card by brand and last four, and its expiry as MM/YYYY", () => {
    expect(cardLabel(card)).toBe("Visa ending 4242");
    expect(cardLabel({ brand: "amex", last4: "0005" })).toBe("American Express ending 0005");
    expect(cardLabel({ brand: "card", last4: "1111" })).toBe("Card ending 1111");
    expect(cardExpiryLabel({ expMonth: 3, expYear: 2030 })).toBe("03/2030");
  });

  it("works to the last moment of its expiry month (UTC), and has expired the first moment after", () => {
    expect(cardExpiredBy(card, new Date("2026-12-31T23:59:59.999Z"))).toBe(false);
    expect(cardExpiredBy(card, new Date("2027-01-01T00:00:00Z"))).toBe(true);
  });

  it("flags an autoship whose next order falls after the card's expiry, and not one on its last day", () => {
    const NY = "America/New_York";
    expect(expiringCardNotice(card, new Date("2026-12-31T12:00:00Z"), NY)).toBeNull();
    // The order's day is written in the shop's time zone: noon in New York on January 1.
    expect(expiringCardNotice(card, new Date("2027-01-01T17:00:00Z"), NY)).toBe(
      "Visa ending 4242 expires 12/2026, before this order on January 1, 2027. Choose another card or add a new one.",
    );
  });
});
