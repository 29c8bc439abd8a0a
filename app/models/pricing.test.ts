import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { summarizeCart, type CartLineView } from "./cart";
import { US_STATES } from "./checkout";
import { DEFAULT_TAX_RATES } from "./tax";
import {
  firstAutoshipDiscountOffered,
  SERVICE_CHARGE_CENTS,
  SERVICE_CHARGE_STATES,
  type PricingTerms,
} from "./pricing";
import { priceOrder, pricingStateOf } from "./order-pricing";
import { stateOfZip, stateOfZipRefusal } from "./zip-state";

function line(id: string, unitPriceCents: number, quantity = 1, sellingPlanId: string | null = null): CartLineView {
  return {
    id,
    variantId: `v-${id}`,
    sku: `SKU-${id}`,
    productTitle: "Adult Chicken Recipe",
    productType: "Dry Food",
    variantTitle: "15.5 lb bag",
    size: "15.5 lb",
    url: "science-diet/adult-chicken/chicken/15-5lb",
    imageUrl: null,
    quantity,
    unitPriceCents,
    compareAtPriceCents: null,
    sellingPlanId,
    sellingPlanName: sellingPlanId ? "Every 4 weeks" : null,
    weightValue: 15.5,
    weightUnit: "lbs",
    inventory: 50,
    attributes: [],
  };
}

const terms: PricingTerms = { freeShippingMinimumCents: 5000, shippingRateCents: 799, taxRates: { CO: 0.029 } };

/** What the tracker says (the cart page) and what checkout charges, for one cart and shopper. */
function both(lines: CartLineView[], extra: Partial<PricingTerms> = {}) {
  const summary = summarizeCart(lines, { ...terms, ...extra });
  const priced = priceOrder({ lines, shipToZip: "80011", ...terms, ...extra });
  return { tracker: summary.freeShipping, checkoutShipping: priced.shippingCents, priced };
}

describe("the tracker and checkout agree on free shipping (docs/rules.md 'Pricing, discounts and shipping')", () => {
  const table: { name: string; lines: CartLineView[]; extra?: Partial<PricingTerms>; eligible: number }[] = [
    { name: "exactly the minimum", lines: [line("a", 5000)], eligible: 5000 },
    { name: "one cent under", lines: [line("a", 4999)], eligible: 4999 },
    { name: "two lines adding up to the minimum", lines: [line("a", 2500), line("b", 1250, 2)], eligible: 5000 },
    // Autoship 5%: 5263 → 5000 (rounded half up), 5262 → 4999.
    { name: "autoship price at the minimum", lines: [line("a", 5263, 1, "autoship-4w")], eligible: 5000 },
    { name: "autoship price one cent under", lines: [line("a", 5262, 1, "autoship-4w")], eligible: 4999 },
    {
      name: "AUTO35 drops an autoship cart below the minimum",
      // 6000 → 5700 autoship; 35% of 5700 = 1995 off → 3705.
      lines: [line("a", 6000, 1, "autoship-4w")],
      extra: { firstAutoshipDiscount: true },
      eligible: 3705,
    },
    {
      name: "the same cart without AUTO35 (not offered) ships free",
      lines: [line("a", 6000, 1, "autoship-4w")],
      extra: { firstAutoshipDiscount: false },
      eligible: 5700,
    },
    {
      name: "AUTO35 leaves a one-time line whole: exactly the minimum",
      // One-time 2000 + autoship 4000 → 3800, 35% = 1330 off → 2470; 2000 + 2470 = 4470. Add 530 one-time → 5000.
      lines: [line("a", 2530), line("b", 4000, 1, "autoship-4w")],
      extra: { firstAutoshipDiscount: true },
      eligible: 5000,
    },
    {
      name: "staff program pricing at exactly the minimum",
      // 7143 − 30% (2143, rounded half up) = 5000.
      lines: [line("a", 7143)],
      extra: { programDiscountPercent: 30 },
      eligible: 5000,
    },
    {
      name: "staff program pricing one cent under",
      // 7142 − 2143 = 4999.
      lines: [line("a", 7142)],
      extra: { programDiscountPercent: 30 },
      eligible: 4999,
    },
    {
      name: "staff program pricing on autoship lines (the program replaces AUTO35)",
      // 2 × 5263 → 2 × 5000 = 10000 − 30% = 7000.
      lines: [line("a", 5263, 2, "autoship-4w")],
      extra: { programDiscountPercent: 30, firstAutoshipDiscount: true },
      eligible: 7000,
    },
  ];

  for (const row of table) {
    it(row.name, () => {
      const { tracker, checkoutShipping, priced } = both(row.lines, row.extra);
      expect(tracker.eligibleSubtotalCents).toBe(row.eligible);
      expect(priced.merchandiseCents).toBe(row.eligible);
      const free = row.eligible >= terms.freeShippingMinimumCents;
      expect(tracker.reached).toBe(free);
      expect(checkoutShipping).toBe(free ? 0 : terms.shippingRateCents);
      expect(tracker.remainingCents).toBe(Math.max(0, terms.freeShippingMinimumCents - row.eligible));
    });
  }

  it("leaves excluded product types out of both, after their share of the discounts", () => {
    const lines = [line("a", 5000), { ...line("b", 3000), productType: "Gift Card" }];
    const summary = summarizeCart(lines, { ...terms, excludedProductTypes: ["Gift Card"] });
    const priced = priceOrder({ lines, shipToZip: "80011", ...terms, excludedProductTypes: ["Gift Card"] });
    expect(summary.freeShipping.eligibleSubtotalCents).toBe(5000);
    expect(priced.freeShipping.eligibleSubtotalCents).toBe(5000);
    expect(priced.shippingCents).toBe(0);
    // With 30% off, the counted line is 3500: under the minimum, so both charge shipping.
    const program = priceOrder({
      lines,
      shipToZip: "80011",
      ...terms,
      programDiscountPercent: 30,
      excludedProductTypes: ["Gift Card"],
    });
    expect(program.freeShipping.eligibleSubtotalCents).toBe(3500);
    expect(program.shippingCents).toBe(799);
    expect(
      summarizeCart(lines, { ...terms, programDiscountPercent: 30, excludedProductTypes: ["Gift Card"] }),
    ).toMatchObject({ freeShipping: { eligibleSubtotalCents: 3500, reached: false } });
  });

  it("splits the discounts over the lines in whole cents that add up exactly", () => {
    const priced = priceOrder({
      lines: [line("a", 1001), line("b", 1001), line("c", 1001)],
      shipToZip: "80011",
      ...terms,
      programDiscountPercent: 30,
    });
    // 30% of 3003 = 900.9 → 901, split 301 + 300 + 300.
    expect(priced.programDiscountCents).toBe(901);
    expect(priced.lines.map((l) => l.discountCents)).toEqual([301, 300, 300]);
    expect(priced.freeShipping.eligibleSubtotalCents).toBe(priced.merchandiseCents);
  });
});

describe("who AUTO35 is offered to (docs/rules.md 'Pricing, discounts and shipping')", () => {
  const first = { siteOffersIt: true, customerId: "c1", earlierAutoshipOrders: 0, subscriptions: 0 };
  it("is offered to a signed-in customer of the consumer site with no autoship yet", () => {
    expect(firstAutoshipDiscountOffered(first)).toBe(true);
  });
  it("is not offered after a first autoship order, with a subscription, to a guest, or on the staff site", () => {
    expect(firstAutoshipDiscountOffered({ ...first, earlierAutoshipOrders: 1 })).toBe(false);
    expect(firstAutoshipDiscountOffered({ ...first, subscriptions: 1 })).toBe(false);
    expect(firstAutoshipDiscountOffered({ ...first, customerId: null })).toBe(false);
    expect(firstAutoshipDiscountOffered({ ...first, siteOffersIt: false })).toBe(false);
  });
  it("applies only when the order has an autoship line", () => {
    const offered = { ...terms, firstAutoshipDiscount: true };
    expect(priceOrder({ lines: [line("a", 4000)], shipToZip: "80011", ...offered }).appliedCodes).toEqual([]);
    expect(priceOrder({ lines: [line("a", 4000, 1, "autoship-4w")], shipToZip: "80011", ...offered })).toMatchObject({
      appliedCodes: ["AUTO35"],
      discountCents: 1330,
    });
  });
});

describe("the shopper's round-up or add-on (docs/rules.md 'Donations')", () => {
  // No tax outside CO here; 5000 ships free, so a 5000 cart comes to exactly $50.00.
  const order = (
    lines: CartLineView[],
    shipToZip: string | null,
    extra: Parameters<typeof priceOrder>[0]["shopperDonation"],
  ) => priceOrder({ lines, shipToZip, ...terms, shopperDonation: extra });

  it("rounds a total with cents up to the next dollar, and charges it in the total", () => {
    const none = order([line("a", 5000)], "80011", null);
    expect(none.totalCents).toBe(5145); // 5000 + 2.9% tax
    const rounded = order([line("a", 5000)], "80011", { kind: "round-up" });
    expect(rounded).toMatchObject({ shopperDonationCents: 55, shopperDonationKind: "round-up", totalCents: 5200 });
    // Everything before the donation is the same.
    expect({ ...rounded, shopperDonationCents: 0, shopperDonationKind: null, totalCents: 5145 }).toEqual(none);
  });

  it("rounds a total of whole dollars up by one more dollar", () => {
    expect(order([line("a", 5000)], null, { kind: "round-up" })).toMatchObject({
      shopperDonationCents: 100,
      totalCents: 5100,
    });
    // One cent under a whole dollar gives one cent.
    expect(order([line("a", 5099)], null, { kind: "round-up" })).toMatchObject({
      shopperDonationCents: 1,
      totalCents: 5100,
    });
  });

  it("rounds up after shipping, the service charge and tax", () => {
    // 2000 + 799 shipping + 400 Alaska/Hawaii charge = 3199 → 1 cent.
    expect(order([line("a", 2000)], "99501", { kind: "round-up" })).toMatchObject({
      shippingCents: 799,
      surchargeCents: 400,
      shopperDonationCents: 1,
      totalCents: 3200,
    });
  });

  it("adds an add-on amount as it is, with no tax, discount or free-shipping credit", () => {
    const none = order([line("a", 4950)], "80011", null);
    const addOn = order([line("a", 4950)], "80011", { kind: "add-on", cents: 300 });
    expect(addOn).toMatchObject({ shopperDonationCents: 300, shopperDonationKind: "add-on" });
    expect(addOn.totalCents).toBe(none.totalCents + 300);
    expect(addOn.shippingCents).toBe(799);
    expect(addOn.taxCents).toBe(none.taxCents);
    expect(addOn.freeShipping).toEqual(none.freeShipping);
  });

  it("charges nothing without an extra (none, or not given)", () => {
    for (const extra of [null, undefined]) {
      expect(order([line("a", 5000)], "80011", extra)).toMatchObject({
        shopperDonationCents: 0,
        shopperDonationKind: null,
        totalCents: 5145,
      });
    }
  });

  it("leaves staff pricing as it was: the program discount, the merchandise the quota counts, tax", () => {
    const staff = { ...terms, programDiscountPercent: 30 };
    const without = priceOrder({ lines: [line("a", 6000)], shipToZip: "80011", ...staff });
    const withExtra = priceOrder({
      lines: [line("a", 6000)],
      shipToZip: "80011",
      ...staff,
      shopperDonation: { kind: "round-up" },
    });
    for (const key of ["programDiscountCents", "merchandiseCents", "taxCents", "shippingCents"] as const) {
      expect(withExtra[key]).toBe(without[key]);
    }
    // 6000 − 1800 = 4200 under the minimum: 799 shipping, tax 2.9% of 4200 = 121.8 → 122; 5121 → 79.
    expect(without.totalCents).toBe(5121);
    expect(withExtra).toMatchObject({ shopperDonationCents: 79, totalCents: 5200 });
  });
});

// ─── Money that always adds up (property-based, fast-check) ─────────────────

/** Any cart: 1 to 6 lines of 0 to $250.00 a unit, 1 to 10 each, some on autoship. */
const anyLines = fc
  .array(
    fc.record({
      unitPriceCents: fc.integer({ min: 0, max: 25_000 }),
      quantity: fc.integer({ min: 1, max: 10 }),
      autoship: fc.boolean(),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((lines) =>
    lines.map((l, i) => line(String(i), l.unitPriceCents, l.quantity, l.autoship ? "autoship-4w" : null)),
  );
/** Any 5-digit zip (states, DC, territories, military, unassigned), or none yet. */
const anyZip = fc.option(
  fc.integer({ min: 0, max: 99_999 }).map((n) => String(n).padStart(5, "0")),
  { nil: null },
);
const anyTerms = fc.record({
  freeShippingMinimumCents: fc.integer({ min: 0, max: 20_000 }),
  shippingRateCents: fc.integer({ min: 0, max: 2_000 }),
  programDiscountPercent: fc.integer({ min: 0, max: 60 }),
  firstAutoshipDiscount: fc.boolean(),
});
const anyExtra = fc.oneof(
  fc.constant(null),
  fc.constant({ kind: "round-up" as const }),
  fc.constantFrom(100, 300, 500).map((cents) => ({ kind: "add-on" as const, cents })),
);

describe("tax in whole cents (docs/rules.md 'Pricing, discounts and shipping')", () => {
  it("rounds half a cent up even where the float product falls just short of it", () => {
    // 10 × 5621 on autoship = 10 × 5340 = 53400; 53400 × 7.25% = 3871.5 (3871.4999… in floats) → 3872.
    const priced = priceOrder({
      lines: [line("a", 5621, 10, "autoship-4w")],
      shipToZip: "90000",
      ...terms,
      taxRates: DEFAULT_TAX_RATES,
    });
    expect(priced.merchandiseCents).toBe(53_400);
    expect(priced.taxCents).toBe(3872);
  });
});

describe("money that always adds up: pricing (docs/rules.md 'Pricing, discounts and shipping')", () => {
  it("the total is its lines less their discounts, plus shipping, the charge, tax and the shopper's gift, in whole cents", () => {
    fc.assert(
      fc.property(anyLines, anyZip, anyTerms, anyExtra, (lines, zip, extra, gift) => {
        const priced = priceOrder({
          lines,
          shipToZip: zip,
          taxRates: DEFAULT_TAX_RATES,
          ...extra,
          shopperDonation: gift,
        });
        const amounts = [
          priced.subtotalCents,
          priced.discountCents,
          priced.programDiscountCents,
          priced.merchandiseCents,
          priced.shippingCents,
          priced.surchargeCents,
          priced.taxCents,
          priced.shopperDonationCents,
          priced.totalCents,
          ...priced.lines.flatMap((l) => [l.subtotalCents, l.discountCents]),
        ];
        for (const cents of amounts) expect(Number.isInteger(cents) && cents >= 0).toBe(true);
        const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
        expect(sum(priced.lines.map((l) => l.subtotalCents))).toBe(priced.subtotalCents);
        expect(sum(priced.lines.map((l) => l.discountCents))).toBe(priced.discountCents + priced.programDiscountCents);
        expect(priced.merchandiseCents).toBe(priced.subtotalCents - priced.discountCents - priced.programDiscountCents);
        expect(priced.totalCents).toBe(
          sum(priced.lines.map((l) => l.subtotalCents - l.discountCents)) +
            priced.shippingCents +
            priced.surchargeCents +
            priced.taxCents +
            priced.shopperDonationCents,
        );
      }),
      { numRuns: 500 },
    );
  });

  it("tax and the Alaska/Hawaii charge follow the zip's state, and an address form accepts exactly the zip's state", () => {
    fc.assert(
      fc.property(anyLines, anyZip, fc.constantFrom(...US_STATES.map((s) => s.code)), (lines, zip, typed) => {
        const priced = priceOrder({ lines, shipToZip: zip, ...terms, taxRates: DEFAULT_TAX_RATES });
        const state = zip ? (stateOfZip(zip)?.code ?? null) : null;
        expect(pricingStateOf(zip)).toBe(state);
        expect(priced.surchargeCents).toBe(state && SERVICE_CHARGE_STATES.includes(state) ? SERVICE_CHARGE_CENTS : 0);
        // The oracle in whole numbers (rates have at most 6 decimals), half a cent up: a float
        // product such as 53400 × 0.0725 = 3871.4999… must still come to 3872.
        const rateMicros = Math.round((state ? (DEFAULT_TAX_RATES[state] ?? 0) : 0) * 1_000_000);
        expect(priced.taxCents).toBe(Math.floor((priced.merchandiseCents * rateMicros + 500_000) / 1_000_000));
        if (zip) {
          // Whatever state is typed, the form takes it only when it is the zip's.
          expect(stateOfZipRefusal({ provinceCode: typed, zip }) === null).toBe(typed === state);
        }
      }),
      { numRuns: 500 },
    );
  });
});
