import { describe, expect, it } from "vitest";
import {
  cancelledDonationConfirmationData,
  donationConfirmationData,
  givenInAllLine,
  givingBackLines,
  GIVING_ORDER_STATUSES,
  orderGivesCents,
  shopperDonationLabel,
} from "./order-donation";

const gift = {
  donationCauseId: "cause-1",
  donationCauseName: "Paws Rescue",
  donationCents: 120,
  shopperDonationKind: "add-on",
  shopperDonationCents: 300,
};

describe("what an order gives (docs/rules.md 'Donations')", () => {
  it("adds the merchant's donation and the shopper's extra", () => {
    expect(orderGivesCents(gift)).toBe(420);
    expect(orderGivesCents({ donationCents: 0, shopperDonationCents: 0 })).toBe(0);
  });

  it("words the giving-back lines, the second only with an extra, none when it gives nothing", () => {
    expect(givingBackLines(gift)).toEqual([
      "This order gives $4.20 to Paws Rescue.",
      "That includes your add-on of $3.00.",
    ]);
    expect(givingBackLines({ ...gift, shopperDonationKind: "round-up", shopperDonationCents: 1 })[1]).toBe(
      "That includes your round-up of $0.01.",
    );
    expect(givingBackLines({ ...gift, shopperDonationKind: null, shopperDonationCents: 0 })).toEqual([
      "This order gives $1.20 to Paws Rescue.",
    ]);
    // Only the shopper's extra still gives (the store gave 0).
    expect(givingBackLines({ ...gift, donationCents: 0 })[0]).toBe("This order gives $3.00 to Paws Rescue.");
    expect(givingBackLines({ ...gift, donationCents: 0, shopperDonationCents: 0 })).toEqual([]);
    expect(givingBackLines({ ...gift, donationCauseName: null })).toEqual([]);
  });

  it("labels the totals row by the extra", () => {
    expect(shopperDonationLabel("round-up")).toBe("Round-up donation");
    expect(shopperDonationLabel("add-on")).toBe("Add-on donation");
  });

  it("gives the donation service the whole gift in dollars, to the order's cause", () => {
    expect(donationConfirmationData({ ...gift, donationCents: 1234, shopperDonationCents: 55 })).toEqual({
      totalDonationAmount: 12.89,
      causes: [{ causeId: "cause-1", causeName: "Paws Rescue", amount: 12.89 }],
    });
  });

  it("counts paid orders on their way or delivered on the dashboard (not pending, cancelled or refunded), and says nothing at 0", () => {
    expect(GIVING_ORDER_STATUSES).toEqual(["paid", "packed", "shipped", "delivered"]);
    expect(givenInAllLine({ donationCents: 1000, shopperDonationCents: 245 })).toBe(
      "Your orders have given $12.45 to good causes.",
    );
    expect(givenInAllLine({ donationCents: 0, shopperDonationCents: 0 })).toBeNull();
    expect(givenInAllLine({ donationCents: 0, shopperDonationCents: 1 })).toBe(
      "Your orders have given $0.01 to good causes.",
    );
  });

  it("tells the donation service a cancelled order gives 0, its cause kept; without a cause, no causes", () => {
    expect(cancelledDonationConfirmationData({ donationCauseId: "cause-1", donationCauseName: "Paws Rescue" })).toEqual(
      {
        totalDonationAmount: 0,
        causes: [{ causeId: "cause-1", causeName: "Paws Rescue", amount: 0 }],
      },
    );
    expect(cancelledDonationConfirmationData({ donationCauseId: null, donationCauseName: null })).toEqual({
      totalDonationAmount: 0,
      causes: [],
    });
  });
});
