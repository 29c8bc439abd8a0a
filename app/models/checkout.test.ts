import { describe, expect, it } from "vitest";
import { CHECKOUT_ATTRIBUTE_KEYS } from "./cart";
import {
  cardNotExpired,
  checkoutAttributes,
  isUsStateCode,
  luhnValid,
  orderType,
  shippingLocation,
  US_STATES,
} from "./checkout";
import { priceOrder, pricingStateOf } from "./order-pricing";

const line = (id: string, unitPriceCents: number, quantity: number, sellingPlanId: string | null = null) => ({
  id,
  unitPriceCents,
  quantity,
  sellingPlanId,
});

const base = {
  shipToZip: "80011",
  freeShippingMinimumCents: 5000,
  shippingRateCents: 699,
  taxRates: { CO: 0.029, NY: 0.04 },
};

describe("order type and shipping location (catalogue spec section 4)", () => {
  it("is firstPurchaseSubscription when any line has a selling plan, else oneTimeOrder", () => {
    expect(orderType([line("a", 100, 1)])).toBe("oneTimeOrder");
    expect(orderType([line("a", 100, 1), line("b", 100, 1, "autoship-4w")])).toBe("firstPurchaseSubscription");
  });

  it("ships to work only when the clinic is preferred and not home-delivery-only", () => {
    expect(shippingLocation({ preferredAddress: "clinic", clinicHomeDeliveryOnly: false })).toBe("ship_to_work");
    expect(shippingLocation({ preferredAddress: "clinic", clinicHomeDeliveryOnly: true })).toBe("ship_to_home");
    expect(shippingLocation({ preferredAddress: "home", clinicHomeDeliveryOnly: false })).toBe("ship_to_home");
    expect(shippingLocation({ preferredAddress: null, clinicHomeDeliveryOnly: false })).toBe("ship_to_home");
  });
});

describe("checkout attributes (catalogue spec sections 3 and 9)", () => {
  const input = {
    isClinicUser: true,
    soldTo: "1000101",
    shipTo: "2000101",
    workAddress: "1450 S Havana St, Aurora, CO 80012",
    homeAddress: null,
    location: "ship_to_work" as const,
    attestationChecked: true,
    donationTrackingId: null,
    lines: [line("a", 100, 1, "autoship-4w")],
    acceptsEmailMarketing: false,
  };

  it("sets USHD, ZK01 for clinic users, the location and the order type", () => {
    const attributes = Object.fromEntries(checkoutAttributes(input).map((a) => [a.key, a.value]));
    expect(attributes).toMatchObject({
      SALES_ORG: "USHD",
      SALES_ORD_TYPE: "ZK01",
      SOLD_TO: "1000101",
      SHIP_TO: "2000101",
      is_clinic_address: "true",
      shipping_location: "ship_to_work",
      is_attestation_checked: "true",
      donation_tracking_id: "",
      sgOrderType: "firstPurchaseSubscription",
      accepts_email_marketing: "false",
    });
  });

  it("uses ZDTC for everyone else", () => {
    const attributes = checkoutAttributes({ ...input, isClinicUser: false, location: "ship_to_home" });
    expect(attributes.find((a) => a.key === "SALES_ORD_TYPE")?.value).toBe("ZDTC");
  });

  it("sets exactly the attributes a shopper may never set", () => {
    expect(checkoutAttributes(input).map((a) => a.key)).toEqual(CHECKOUT_ATTRIBUTE_KEYS);
  });
});

describe("server-side pricing (catalogue spec section 9)", () => {
  it("prices autoship lines 5% off", () => {
    const priced = priceOrder({ ...base, lines: [line("a", 6299, 1), line("b", 6299, 1, "autoship-4w")] });
    expect(priced.lines.map((l) => l.subtotalCents)).toEqual([6299, 5984]);
    expect(priced.subtotalCents).toBe(12283);
  });

  it("applies AUTO35 to the autoship lines of a first-purchase subscription order only", () => {
    const lines = [line("a", 2000, 1), line("b", 2000, 2, "autoship-4w")];
    const priced = priceOrder({ ...base, lines, firstAutoshipDiscount: true });
    expect(priced.appliedCodes).toEqual(["AUTO35"]);
    expect(priced.discountCents).toBe(Math.round(3800 * 0.35));
    const oneTime = priceOrder({ ...base, lines: [line("a", 2000, 1)], firstAutoshipDiscount: true });
    expect(oneTime).toMatchObject({ appliedCodes: [], discountCents: 0 });
    // A shopper AUTO35 is not offered to (not signed in, an earlier autoship order, the staff site) gets none.
    expect(priceOrder({ ...base, lines, firstAutoshipDiscount: false })).toMatchObject({
      appliedCodes: [],
      discountCents: 0,
    });
  });

  it("ships free at or above the minimum, otherwise at the configured rate", () => {
    expect(priceOrder({ ...base, lines: [line("a", 5000, 1)] }).shippingCents).toBe(0);
    expect(priceOrder({ ...base, lines: [line("a", 4999, 1)] }).shippingCents).toBe(699);
  });

  it("adds the $4 service charge for Alaska and Hawaii", () => {
    expect(priceOrder({ ...base, shipToZip: "99501", lines: [line("a", 6000, 1)] }).surchargeCents).toBe(400);
    expect(priceOrder({ ...base, shipToZip: "96813", lines: [line("a", 6000, 1)] }).surchargeCents).toBe(400);
    expect(priceOrder({ ...base, shipToZip: "80011", lines: [line("a", 6000, 1)] }).surchargeCents).toBe(0);
  });

  it("taxes the discounted merchandise by state, and totals every amount", () => {
    const priced = priceOrder({ ...base, shipToZip: "10001", lines: [line("a", 2499, 1)] });
    expect(priced).toMatchObject({ subtotalCents: 2499, shippingCents: 699, taxCents: 100, totalCents: 3298 });
    expect(priceOrder({ ...base, shipToZip: "97201", lines: [line("a", 2499, 1)] }).taxCents).toBe(0);
  });

  it("takes the state it taxes and charges by from the zip alone (pricingStateOf)", () => {
    expect(pricingStateOf("96813")).toBe("HI");
    expect(pricingStateOf("90012")).toBe("CA");
    expect(pricingStateOf(" 99501-1234 ")).toBe("AK");
    // The prefix ends: 967 and 968 are Hawaii's, 966 (military) and 969 (Guam) no state's.
    expect([pricingStateOf("96700"), pricingStateOf("96899")]).toEqual(["HI", "HI"]);
    expect([pricingStateOf("96699"), pricingStateOf("96900")]).toEqual([null, null]);
    expect([pricingStateOf(null), pricingStateOf(""), pricingStateOf("9681")]).toEqual([null, null, null]);
    const rates = { ...base, taxRates: { CA: 0.0725, HI: 0.04 } };
    // "Honolulu, OR 96813": Hawaii's tax and the $4 charge, whatever state was typed.
    expect(priceOrder({ ...rates, shipToZip: "96813", lines: [line("a", 6000, 1)] })).toMatchObject({
      surchargeCents: 400,
      taxCents: 240,
      totalCents: 6640,
    });
    // "Los Angeles, MT 90012": California's tax.
    expect(priceOrder({ ...rates, shipToZip: "90012", lines: [line("a", 6000, 1)] })).toMatchObject({
      surchargeCents: 0,
      taxCents: 435,
    });
    // No zip yet, or a zip of no state: no tax and no charge.
    for (const shipToZip of [null, "96910"]) {
      expect(priceOrder({ ...rates, shipToZip, lines: [line("a", 6000, 1)] })).toMatchObject({
        surchargeCents: 0,
        taxCents: 0,
      });
    }
  });
});

describe("states and cards (catalogue spec section 9)", () => {
  it("lists the 50 states plus DC", () => {
    expect(US_STATES).toHaveLength(51);
    expect(isUsStateCode("DC")).toBe(true);
    expect(isUsStateCode("PR")).toBe(false);
  });

  it("checks card numbers with Luhn", () => {
    expect(luhnValid("4242 4242 4242 4242")).toBe(true);
    expect(luhnValid("4242-4242-4242-4241")).toBe(false);
    expect(luhnValid("1234")).toBe(false);
    expect(luhnValid("4242a4242")).toBe(false);
  });

  it("accepts a card through the end of its expiry month", () => {
    const now = new Date(Date.UTC(2026, 10, 22));
    expect(cardNotExpired(11, 2026, now)).toBe(true);
    expect(cardNotExpired(10, 2026, now)).toBe(false);
    expect(cardNotExpired(1, 27, now)).toBe(true);
    expect(cardNotExpired(13, 2030, now)).toBe(false);
  });
});
