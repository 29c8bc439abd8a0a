// What search engines are told about an offer (docs/rules.md "Search engines"): priceValidUntil,
// stock, the shipping of one unit and the return policy.
import { describe, expect, it } from "vitest";
import { feedPrice, inStock, PRICE_VALID_DAYS, returnPolicyJsonLd, shippingDetailsJsonLd } from "./merchant";
import { offerTerms, priceValidUntil, shippingRates } from "./offer-shipping";
import { DEFAULT_FREE_SHIPPING_MINIMUM_CENTS } from "./free-shipping";
import { SERVICE_CHARGE_CENTS } from "./pricing";

const TERMS = { freeShippingMinimumCents: 5000, shippingRateCents: 799 };

describe("priceValidUntil", () => {
  const NY = "America/New_York";

  it("is the date PRICE_VALID_DAYS after today in the shop's time zone, the same all day long", () => {
    expect(PRICE_VALID_DAYS).toBe(30);
    expect(priceValidUntil(new Date("2026-03-01T00:00:00.000-05:00"), NY)).toBe("2026-03-31");
    expect(priceValidUntil(new Date("2026-03-01T23:59:59.999-05:00"), NY)).toBe("2026-03-31");
  });

  it("moves on at exactly midnight in New York, across months and years", () => {
    expect(priceValidUntil(new Date("2026-03-02T00:00:00.000-05:00"), NY)).toBe("2026-04-01");
    expect(priceValidUntil(new Date("2026-12-15T12:00:00.000Z"), NY)).toBe("2027-01-14");
    // 20:00 on the 1st in New York is already the 2nd in UTC: still the 1st for the shop.
    expect(priceValidUntil(new Date("2026-03-02T01:00:00.000Z"), NY)).toBe("2026-03-31");
    expect(priceValidUntil(new Date("2026-03-02T01:00:00.000Z"), "UTC")).toBe("2026-04-01");
  });
});

describe("inStock", () => {
  it("is in stock from one unit, out of stock at 0 or less (the Out of Stock badge's rule)", () => {
    expect(inStock({ inventory: 1 })).toBe(true);
    expect(inStock({ inventory: 0 })).toBe(false);
    expect(inStock({ inventory: -2 })).toBe(false);
  });
});

describe("shippingRates", () => {
  it("ships one unit free at exactly the minimum, at the flat rate one cent under", () => {
    const free = shippingRates({ priceCents: 5000, productType: "Dry" }, TERMS);
    expect(free).toEqual([
      { country: "US", cents: 0 },
      { country: "US", region: "AK", cents: SERVICE_CHARGE_CENTS },
      { country: "US", region: "HI", cents: SERVICE_CHARGE_CENTS },
    ]);
    const paid = shippingRates({ priceCents: 4999, productType: "Dry" }, TERMS);
    expect(paid[0]).toEqual({ country: "US", cents: 799 });
    expect(paid.slice(1).map((rate) => rate.cents)).toEqual([799 + SERVICE_CHARGE_CENTS, 799 + SERVICE_CHARGE_CENTS]);
  });

  it("takes the minimum and rate it is given (content and configuration), falling back like checkout", () => {
    expect(
      shippingRates({ priceCents: 100, productType: "Dry" }, { ...TERMS, freeShippingMinimumCents: 0 })[0].cents,
    ).toBe(0);
    const fallback = { ...TERMS, freeShippingMinimumCents: Number.NaN };
    expect(
      shippingRates({ priceCents: DEFAULT_FREE_SHIPPING_MINIMUM_CENTS, productType: "Dry" }, fallback)[0].cents,
    ).toBe(0);
    expect(shippingRates({ priceCents: 100, productType: "Dry" }, { ...TERMS, shippingRateCents: 1234 })[0].cents).toBe(
      1234,
    );
  });

  it("writes shippingDetails with the rate, the destination and the delivery estimate's business days", () => {
    const [country, alaska] = shippingDetailsJsonLd(shippingRates({ priceCents: 100, productType: "Dry" }, TERMS), {
      deliveryBusinessDays: 5,
    });
    expect(country).toMatchObject({
      "@type": "OfferShippingDetails",
      shippingRate: { "@type": "MonetaryAmount", value: "7.99", currency: "USD" },
      shippingDestination: { "@type": "DefinedRegion", addressCountry: "US" },
      deliveryTime: {
        handlingTime: { minValue: 0, maxValue: 0, unitCode: "DAY" },
        transitTime: { minValue: 5, maxValue: 5, unitCode: "DAY" },
      },
    });
    expect(country.shippingDestination).not.toHaveProperty("addressRegion");
    expect(country.deliveryTime.businessDays.dayOfWeek).toHaveLength(5);
    expect(alaska.shippingDestination).toEqual({ "@type": "DefinedRegion", addressCountry: "US", addressRegion: "AK" });
    expect(alaska.shippingRate.value).toBe("11.99");
  });
});

describe("offerTerms", () => {
  it("carries the shop's terms and the shipping of one unit of the variant shown", () => {
    const terms = { ...TERMS, deliveryBusinessDays: 5, returnWindowDays: 30, priceValidUntil: "2026-04-01" };
    expect(offerTerms(terms, { priceCents: 4999, productType: "Dry" })).toEqual({
      priceValidUntil: "2026-04-01",
      deliveryBusinessDays: 5,
      returnWindowDays: 30,
      shippingRates: shippingRates({ priceCents: 4999, productType: "Dry" }, TERMS),
    });
  });
});

describe("returnPolicyJsonLd", () => {
  it("publishes the return window's days, returns by mail", () => {
    expect(returnPolicyJsonLd({ returnWindowDays: 30 })).toEqual({
      "@type": "MerchantReturnPolicy",
      applicableCountry: "US",
      returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
      merchantReturnDays: 30,
      returnMethod: "https://schema.org/ReturnByMail",
    });
    expect(returnPolicyJsonLd({ returnWindowDays: 1 }).merchantReturnDays).toBe(1);
  });

  it("says returns are not permitted when the window is 0 days", () => {
    expect(returnPolicyJsonLd({ returnWindowDays: 0 })).toEqual({
      "@type": "MerchantReturnPolicy",
      applicableCountry: "US",
      returnPolicyCategory: "https://schema.org/MerchantReturnNotPermitted",
    });
  });
});

describe("feedPrice", () => {
  it("writes the amount with two decimals and the currency", () => {
    expect(feedPrice(1299)).toBe("12.99 USD");
    expect(feedPrice(500)).toBe("5.00 USD");
    expect(feedPrice(0)).toBe("0.00 USD");
  });
});
