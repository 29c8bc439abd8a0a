import { describe, expect, it } from "vitest";
import { categoryLogoSvg, categoryOfLogoName, initialsOf, logoSvg } from "./donation-logos";
import {
  ADD_ON_CENTS,
  CAMPAIGN,
  canonicalEin,
  cartDonationCents,
  categoryLogoUrl,
  causeMultiplier,
  centsToDollars,
  charityAddress,
  charityCategoryName,
  charitySearchQuery,
  CHARITY_CATEGORIES,
  convertCents,
  dollarsToCents,
  DONATION_ERROR,
  DONATION_TYPE,
  donationRule,
  EMBEDDED_DONATION_STORE_ID,
  formatDonationExtra,
  givesOnPurchase,
  orderGift,
  isPortfolioId,
  isStoreId,
  parseDonationExtra,
  pickSegment,
  productDonationCents,
  roundUpCents,
  shopperDonationCents,
  showsDonationWidget,
  type CustomerSegment,
  type DonationLine,
  type DonationStore,
} from "./donations";

// docs/rules.md "Donations" (catalogue spec sections 3, 4, 5, 8 and 9).

const PERCENT_1 = { type: DONATION_TYPE.percentage, amount: 1 } as const;
const FLAT_50C = { type: DONATION_TYPE.flat, amount: 0.5 } as const;

function line(priceCents: number, quantity = 1, discountCents = 0, id = "p"): DonationLine {
  return { id, priceCents, quantity, discountCents };
}

function store(overrides: Partial<DonationStore> = {}): DonationStore {
  return {
    id: EMBEDDED_DONATION_STORE_ID,
    name: "Store",
    activeCampaigns: [CAMPAIGN.onlinePurchase],
    causeMultipliers: {},
    defaultCauseId: null,
    defaultCauseIds: [],
    featuredCauseIds: [],
    defaultDonation: 1,
    defaultDonationType: DONATION_TYPE.percentage,
    letShoppersChoose: true,
    searchEnabled: true,
    isActive: true,
    customCSS: "",
    targetCssSelector: "",
    isEmbeddedConfirmation: false,
    primaryCurrency: "USD",
    customerSegments: [],
    ...overrides,
  };
}

function segment(overrides: Partial<CustomerSegment> & { id: string }): CustomerSegment {
  return {
    isActive: true,
    name: overrides.id,
    excludeSegment: false,
    frontEndPropertyName: "orderType",
    frontEndSource: "cart",
    priorityIndex: 0,
    valueCategory: "specified",
    specifiedValues: [],
    donationAction: null,
    ...overrides,
  };
}

describe("money conversions", () => {
  it("dollars to cents rounds away the binary error (0.29 → 29, 19.99 → 1999)", () => {
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents(0)).toBe(0);
  });

  it("cents to dollars has 2 decimals", () => {
    expect(centsToDollars(4798)).toBe(47.98);
    expect(centsToDollars(5)).toBe(0.05);
    expect(centsToDollars(0)).toBe(0);
  });

  it("currency conversion: USD is rate 1, other rates are rounded to 2 decimals (whole cents), half up", () => {
    expect(convertCents(1999)).toBe(1999);
    expect(convertCents(1000, 0.9137)).toBe(914);
    expect(convertCents(1000, 0.9134)).toBe(913);
    expect(convertCents(1005, 1.5)).toBe(1508); // 1507.5
    expect(convertCents(1, 0.5)).toBe(1); // 0.5 cent
    expect(convertCents(1, 0.49)).toBe(0);
  });

  it("currency conversion refuses a rate that is not a positive number", () => {
    for (const rate of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => convertCents(100, rate)).toThrow(RangeError);
    }
  });
});

describe("cartDonationCents (catalogue spec section 4)", () => {
  it("percentage (type 0): the percent of price × quantity less the line's discount", () => {
    expect(cartDonationCents({ lines: [line(2399, 2)], rule: PERCENT_1, multiplier: 1 })).toEqual({
      totalCents: 48, // 47.98
      lines: [{ id: "p", cents: 48 }],
    });
    expect(cartDonationCents({ lines: [line(2399, 2, 798)], rule: PERCENT_1, multiplier: 1 }).totalCents).toBe(40);
  });

  it("flat (type 1): dollars per unit, whatever the price", () => {
    expect(cartDonationCents({ lines: [line(2399, 3)], rule: FLAT_50C, multiplier: 1 }).totalCents).toBe(150);
    expect(cartDonationCents({ lines: [line(1, 3)], rule: FLAT_50C, multiplier: 1 }).totalCents).toBe(150);
  });

  it("the cause multiplier applies to the whole, for both types", () => {
    expect(cartDonationCents({ lines: [line(2399, 2)], rule: PERCENT_1, multiplier: 2 }).totalCents).toBe(96);
    expect(cartDonationCents({ lines: [line(2399, 3)], rule: FLAT_50C, multiplier: 2 }).totalCents).toBe(300);
    expect(cartDonationCents({ lines: [line(1000)], rule: PERCENT_1, multiplier: 1.5 }).totalCents).toBe(15);
  });

  it("sums several lines, each rounded", () => {
    const result = cartDonationCents({
      lines: [line(1050, 1, 0, "a"), line(1050, 1, 0, "b")],
      rule: PERCENT_1,
      multiplier: 1,
    });
    expect(result).toEqual({
      totalCents: 22,
      lines: [
        { id: "a", cents: 11 },
        { id: "b", cents: 11 },
      ],
    });
  });

  it("rounds half a cent up, just under half down", () => {
    expect(cartDonationCents({ lines: [line(1050)], rule: PERCENT_1, multiplier: 1 }).totalCents).toBe(11); // 10.5
    expect(cartDonationCents({ lines: [line(1049)], rule: PERCENT_1, multiplier: 1 }).totalCents).toBe(10); // 10.49
    expect(cartDonationCents({ lines: [line(50)], rule: PERCENT_1, multiplier: 1 }).totalCents).toBe(1); // 0.5
    expect(cartDonationCents({ lines: [line(49)], rule: PERCENT_1, multiplier: 1 }).totalCents).toBe(0); // 0.49
    expect(cartDonationCents({ lines: [line(1000)], rule: { type: 0, amount: 1.1 }, multiplier: 1 }).totalCents).toBe(
      11,
    );
  });

  it("the cart discount reduces the percentage base, never below 0", () => {
    expect(
      cartDonationCents({ lines: [line(5000)], rule: PERCENT_1, multiplier: 1, cartDiscountCents: 1000 }).totalCents,
    ).toBe(40);
    expect(
      cartDonationCents({ lines: [line(5000)], rule: PERCENT_1, multiplier: 2, cartDiscountCents: 1000 }).totalCents,
    ).toBe(80);
    // exactly the base: 0; bigger than the base: still 0, never negative
    expect(
      cartDonationCents({ lines: [line(5000)], rule: PERCENT_1, multiplier: 1, cartDiscountCents: 5000 }).totalCents,
    ).toBe(0);
    expect(
      cartDonationCents({ lines: [line(1000)], rule: PERCENT_1, multiplier: 1, cartDiscountCents: 5000 }).totalCents,
    ).toBe(0);
  });

  it("the cart discount does not reduce a flat donation", () => {
    expect(
      cartDonationCents({ lines: [line(2399, 2)], rule: FLAT_50C, multiplier: 1, cartDiscountCents: 4798 }).totalCents,
    ).toBe(100);
  });

  it("a line discount bigger than the line gives 0, not less", () => {
    const result = cartDonationCents({
      lines: [line(1000, 1, 5000, "a"), line(1000, 1, 0, "b")],
      rule: PERCENT_1,
      multiplier: 1,
    });
    expect(result.lines).toEqual([
      { id: "a", cents: 0 },
      { id: "b", cents: 10 },
    ]);
    expect(result.totalCents).toBe(10);
  });

  it("nothing to give: no lines, quantity 0, amount 0", () => {
    expect(cartDonationCents({ lines: [], rule: PERCENT_1, multiplier: 1 }).totalCents).toBe(0);
    expect(cartDonationCents({ lines: [line(2399, 0)], rule: FLAT_50C, multiplier: 1 }).totalCents).toBe(0);
    expect(cartDonationCents({ lines: [line(2399)], rule: { type: 0, amount: 0 }, multiplier: 1 }).totalCents).toBe(0);
  });
});

describe("productDonationCents", () => {
  it("one unit at its price, with the multiplier", () => {
    expect(productDonationCents(4798, PERCENT_1, 1)).toBe(48);
    expect(productDonationCents(4798, PERCENT_1, 2)).toBe(96);
    expect(productDonationCents(4798, FLAT_50C, 2)).toBe(100);
    expect(productDonationCents(50, PERCENT_1, 1)).toBe(1);
    expect(productDonationCents(0, PERCENT_1, 1)).toBe(0);
  });
});

describe("donationRule, causeMultiplier, givesOnPurchase", () => {
  it("the store's default unless the segment has an action of its own", () => {
    const s = store({ defaultDonation: 0.25, defaultDonationType: DONATION_TYPE.flat });
    expect(donationRule(s, null)).toEqual({ type: 1, amount: 0.25 });
    expect(donationRule(s, segment({ id: "plain" }))).toEqual({ type: 1, amount: 0.25 });
    expect(donationRule(s, segment({ id: "autoship", donationAction: { type: 0, amount: 2 } }))).toEqual({
      type: 0,
      amount: 2,
    });
  });

  it("a cause's multiplier is the store's entry; missing, null or not positive counts once", () => {
    const s = store({ causeMultipliers: { a: 2, b: 0, c: -1, d: Number.NaN, e: 1.5 } });
    expect(causeMultiplier(s, "a")).toBe(2);
    expect(causeMultiplier(s, "e")).toBe(1.5);
    for (const id of ["b", "c", "d", "missing", null]) expect(causeMultiplier(s, id)).toBe(1);
  });

  it("a purchase gives only on an active store running online purchase, for a segment that is not excluded", () => {
    expect(givesOnPurchase(store(), null)).toBe(true);
    expect(givesOnPurchase(store(), segment({ id: "x" }))).toBe(true);
    expect(givesOnPurchase(store({ isActive: false }), null)).toBe(false);
    expect(givesOnPurchase(store({ activeCampaigns: [CAMPAIGN.roundUp, CAMPAIGN.addOn] }), null)).toBe(false);
    expect(givesOnPurchase(store(), segment({ id: "x", excludeSegment: true }))).toBe(false);
  });
});

describe("orderGift: what an order gives, whatever the service answered", () => {
  const excluded = segment({ id: "x", excludeSegment: true });
  it("an excluded segment gives nothing: no donation the service returned, no round-up or add-on", () => {
    expect(orderGift({ store: store(), segment: excluded, donationCents: 500, extra: null })).toBeNull();
    expect(
      orderGift({ store: store(), segment: excluded, donationCents: 500, extra: { kind: "round-up" } }),
    ).toBeNull();
    expect(
      orderGift({ store: store(), segment: excluded, donationCents: 0, extra: { kind: "add-on", cents: 100 } }),
    ).toBeNull();
  });

  it("another segment gives what the service returned, and the shopper's extra", () => {
    expect(orderGift({ store: store(), segment: segment({ id: "y" }), donationCents: 500, extra: null })).toEqual({
      donationCents: 500,
      extra: null,
    });
    expect(orderGift({ store: store(), segment: null, donationCents: 1, extra: { kind: "round-up" } })).toEqual({
      donationCents: 1,
      extra: { kind: "round-up" },
    });
    expect(orderGift({ store: store(), segment: null, donationCents: 0, extra: null })).toBeNull();
  });

  it("gives no merchant-funded part without the online-purchase campaign, and never below 0", () => {
    const noPurchase = store({ activeCampaigns: [CAMPAIGN.roundUp] });
    expect(orderGift({ store: noPurchase, segment: null, donationCents: 500, extra: null })).toBeNull();
    expect(orderGift({ store: noPurchase, segment: null, donationCents: 500, extra: { kind: "round-up" } })).toEqual({
      donationCents: 0,
      extra: { kind: "round-up" },
    });
    expect(orderGift({ store: store(), segment: null, donationCents: -5, extra: null })).toBeNull();
  });
});

describe("round-up and add-on (campaigns 3 and 4)", () => {
  it("round-up goes to the next whole dollar; whole dollars give one more dollar; nothing to round gives 0", () => {
    expect(roundUpCents(2340)).toBe(60);
    expect(roundUpCents(2399)).toBe(1);
    expect(roundUpCents(2301)).toBe(99);
    expect(roundUpCents(2300)).toBe(100);
    expect(roundUpCents(1)).toBe(99);
    expect(roundUpCents(0)).toBe(0);
    expect(roundUpCents(-150)).toBe(0);
  });

  it("add-on amounts are $1, $3 and $5", () => {
    expect(ADD_ON_CENTS).toEqual([100, 300, 500]);
  });

  it("parses an offered extra; an amount not offered, a campaign not active or anything malformed is none", () => {
    expect(parseDonationExtra("round-up")).toEqual({ kind: "round-up" });
    for (const cents of ADD_ON_CENTS) expect(parseDonationExtra(`add-on:${cents}`)).toEqual({ kind: "add-on", cents });
    expect(parseDonationExtra("add-on:200")).toBeNull();
    expect(parseDonationExtra("add-on:0")).toBeNull();
    expect(parseDonationExtra("add-on:-100")).toBeNull();
    expect(parseDonationExtra("add-on:1e2")).toBeNull();
    expect(parseDonationExtra("add-on:1234567")).toBeNull();
    expect(parseDonationExtra("round-up ")).toBeNull();
    expect(parseDonationExtra("")).toBeNull();
    expect(parseDonationExtra(null)).toBeNull();
    expect(parseDonationExtra(undefined)).toBeNull();
    // campaign not offered by the store
    expect(parseDonationExtra("round-up", [CAMPAIGN.onlinePurchase, CAMPAIGN.addOn])).toBeNull();
    expect(parseDonationExtra("add-on:300", [CAMPAIGN.onlinePurchase, CAMPAIGN.roundUp])).toBeNull();
    expect(parseDonationExtra("add-on:300", [CAMPAIGN.addOn])).toEqual({ kind: "add-on", cents: 300 });
  });

  it("formats an extra as the cart keeps it, and reads it back", () => {
    expect(formatDonationExtra(null)).toBe("");
    for (const extra of [{ kind: "round-up" as const }, { kind: "add-on" as const, cents: 500 }]) {
      expect(parseDonationExtra(formatDonationExtra(extra))).toEqual(extra);
    }
    expect(formatDonationExtra({ kind: "add-on", cents: 300 })).toBe("add-on:300");
  });

  it("what the shopper pays: the round-up of the order total, or the add-on amount", () => {
    expect(shopperDonationCents(null, 2340)).toBe(0);
    expect(shopperDonationCents({ kind: "round-up" }, 2340)).toBe(60);
    expect(shopperDonationCents({ kind: "round-up" }, 2300)).toBe(100);
    expect(shopperDonationCents({ kind: "add-on", cents: 500 }, 2340)).toBe(500);
  });
});

describe("showsDonationWidget (catalogue spec section 4)", () => {
  const shows = (activeCampaigns: number[], totalDonationCents: number, excluded = false) =>
    showsDonationWidget({ excluded, activeCampaigns, totalDonationCents });

  it("online purchase alone: shown from 1 cent, hidden at exactly 0", () => {
    expect(shows([CAMPAIGN.onlinePurchase], 1)).toBe(true);
    expect(shows([CAMPAIGN.onlinePurchase], 0)).toBe(false);
  });

  it("round-up alone or add-on alone: shown even when the purchase gives 0", () => {
    expect(shows([CAMPAIGN.roundUp], 0)).toBe(true);
    expect(shows([CAMPAIGN.addOn], 0)).toBe(true);
  });

  it("any other campaign alone, or none: hidden, whatever the total", () => {
    for (const id of [CAMPAIGN.redemption, CAMPAIGN.pointOfSale, CAMPAIGN.postPurchase, CAMPAIGN.roundUpPos]) {
      expect(shows([id], 500)).toBe(false);
    }
    expect(shows([], 500)).toBe(false);
  });

  it("an excluded segment hides it whatever the campaigns and total", () => {
    expect(shows([CAMPAIGN.onlinePurchase, CAMPAIGN.roundUp, CAMPAIGN.addOn], 500, true)).toBe(false);
  });
});

describe("pickSegment (catalogue spec section 4)", () => {
  const autoship = segment({ id: "autoship", specifiedValues: ["firstPurchaseSubscription"], priorityIndex: 0 });
  const employee = segment({
    id: "employee",
    frontEndPropertyName: "discountCodes",
    specifiedValues: ["EMPLOYEE"],
    priorityIndex: 1,
    excludeSegment: true,
  });

  it("the first match in priority order, lowest first, whatever the list order", () => {
    const cart = { cart: { orderType: "firstPurchaseSubscription", discountCodes: ["EMPLOYEE"] } };
    expect(pickSegment([employee, autoship], cart)?.id).toBe("autoship");
    expect(pickSegment([autoship, employee], cart)?.id).toBe("autoship");
    expect(pickSegment([autoship, { ...employee, priorityIndex: -1 }], cart)?.id).toBe("employee");
  });

  it("equal priorities keep the list order", () => {
    const a = segment({ id: "a", valueCategory: "any" });
    const b = segment({ id: "b", valueCategory: "any" });
    expect(pickSegment([a, b], { cart: { orderType: "x" } })?.id).toBe("a");
    expect(pickSegment([b, a], { cart: { orderType: "x" } })?.id).toBe("b");
  });

  it("an inactive segment is skipped, the next match wins", () => {
    const cart = { cart: { orderType: "firstPurchaseSubscription", discountCodes: ["EMPLOYEE"] } };
    expect(pickSegment([{ ...autoship, isActive: false }, employee], cart)?.id).toBe("employee");
    expect(pickSegment([{ ...autoship, isActive: false }], cart)).toBeNull();
  });

  it("no match, no segments: null", () => {
    expect(pickSegment([autoship, employee], { cart: { orderType: "oneTimeOrder", discountCodes: [] } })).toBeNull();
    expect(pickSegment([], { cart: { orderType: "firstPurchaseSubscription" } })).toBeNull();
  });

  it('"specified": one of the values, compared without case, in a single value or an array', () => {
    expect(pickSegment([employee], { cart: { discountCodes: "employee" } })?.id).toBe("employee");
    expect(pickSegment([employee], { cart: { discountCodes: ["SAVE10", "Employee"] } })?.id).toBe("employee");
    expect(pickSegment([employee], { cart: { discountCodes: ["SAVE10"] } })).toBeNull();
    expect(pickSegment([employee], { cart: { discountCodes: "EMPLOYEES" } })).toBeNull();
    expect(pickSegment([segment({ id: "s", specifiedValues: [] })], { cart: { orderType: "x" } })).toBeNull();
  });

  it('"any": the property has a non-empty value', () => {
    const any = segment({ id: "any", valueCategory: "any", frontEndPropertyName: "discountCodes" });
    expect(pickSegment([any], { cart: { discountCodes: ["X"] } })?.id).toBe("any");
    expect(pickSegment([any], { cart: { discountCodes: "X" } })?.id).toBe("any");
    expect(pickSegment([any], { cart: { discountCodes: [] } })).toBeNull();
    expect(pickSegment([any], { cart: { discountCodes: "" } })).toBeNull();
    expect(pickSegment([any], { cart: { discountCodes: null } })).toBeNull();
    expect(pickSegment([any], { cart: {} })).toBeNull();
    expect(pickSegment([any], {})).toBeNull();
  });

  it('"none": the property has no value', () => {
    const none = segment({ id: "none", valueCategory: "none", frontEndPropertyName: "discountCodes" });
    expect(pickSegment([none], {})?.id).toBe("none");
    expect(pickSegment([none], { cart: { discountCodes: [] } })?.id).toBe("none");
    expect(pickSegment([none], { cart: { discountCodes: "" } })?.id).toBe("none");
    expect(pickSegment([none], { cart: { discountCodes: ["X"] } })).toBeNull();
  });

  it("the value category is read without case; an unknown one never matches", () => {
    const cart = { cart: { discountCodes: ["EMPLOYEE"] } };
    expect(pickSegment([{ ...employee, valueCategory: "Specified" }], cart)?.id).toBe("employee");
    expect(pickSegment([{ ...employee, valueCategory: "ANY" }], cart)?.id).toBe("employee");
    expect(pickSegment([{ ...employee, valueCategory: "None" }], { cart: {} })?.id).toBe("employee");
    expect(pickSegment([{ ...employee, valueCategory: "some" }], cart)).toBeNull();
  });

  it("the property is read from the segment's source only", () => {
    const customer = segment({ id: "customer", frontEndSource: "customer", valueCategory: "any" });
    expect(pickSegment([customer], { cart: { orderType: "x" } })).toBeNull();
    expect(pickSegment([customer], { customer: { orderType: "x" } })?.id).toBe("customer");
  });
});

describe("charitySearchQuery (catalogue spec section 5)", () => {
  it("a location starting with a digit is a zip", () => {
    expect(charitySearchQuery({ term: " rescue ", location: "66603", state: "ks" })).toEqual({
      q: "rescue",
      skip: 0,
      take: 25,
      zip: "66603",
      state: "KS",
      categoryId: 3,
    });
    expect(charitySearchQuery({ term: "x", location: " 9" })).toMatchObject({ zip: "9" });
  });

  it("any other location is a city", () => {
    const query = charitySearchQuery({ term: "paws", location: " Topeka " });
    expect(query).toEqual({ q: "paws", skip: 0, take: 25, city: "Topeka", categoryId: 3 });
    expect(charitySearchQuery({ term: "paws", location: "Salt Lake City" })).not.toHaveProperty("zip");
  });

  it("an empty or blank location sends neither zip nor city, a blank state no state", () => {
    for (const location of [undefined, "", "   "]) {
      const query = charitySearchQuery({ term: "paws", location, state: " " });
      expect(query).toEqual({ q: "paws", skip: 0, take: 25, categoryId: 3 });
    }
  });
});

describe("store and portfolio ids (catalogue spec section 5)", () => {
  const hex32 = "0123456789abcdef0123456789abcdef";

  it("32 hexadecimal characters, either case", () => {
    expect(isStoreId(hex32)).toBe(true);
    expect(isStoreId(hex32.toUpperCase())).toBe(true);
    expect(isStoreId(EMBEDDED_DONATION_STORE_ID)).toBe(true);
  });

  it("31 or 33 characters, a non-hex character, spaces or nothing: not an id", () => {
    expect(isStoreId(hex32.slice(1))).toBe(false);
    expect(isStoreId(`${hex32}0`)).toBe(false);
    expect(isStoreId(`${hex32.slice(1)}g`)).toBe(false);
    expect(isStoreId(` ${hex32.slice(1)}`)).toBe(false);
    expect(isStoreId(`${hex32}\n`)).toBe(false);
    expect(isStoreId("")).toBe(false);
  });

  it("portfolio ids follow the same rule", () => {
    expect(isPortfolioId(hex32)).toBe(true);
    expect(isPortfolioId(hex32.slice(1))).toBe(false);
    expect(isPortfolioId(`${hex32}0`)).toBe(false);
    expect(isPortfolioId("89-1040231")).toBe(false);
  });
});

describe("charities: EINs, categories, addresses", () => {
  it("an EIN is kept as 12-3456789, with or without the hyphen given", () => {
    expect(canonicalEin("89-1040231")).toBe("89-1040231");
    expect(canonicalEin("891040231")).toBe("89-1040231");
    expect(canonicalEin(" 89-1040231 ")).toBe("89-1040231");
    for (const bad of ["8-91040231", "89-104023", "89-10402311", "89 1040231", "ab-cdefghi", ""]) {
      expect(canonicalEin(bad)).toBeNull();
    }
  });

  it("26 categories, 3 is Animal-Related; an id outside 0 to 25 is Unknown", () => {
    expect(CHARITY_CATEGORIES).toHaveLength(26);
    expect(charityCategoryName(3)).toBe("Animal-Related");
    expect(charityCategoryName(0)).toBe("Arts, Culture & Humanities");
    expect(charityCategoryName(25)).toBe("Unknown");
    expect(charityCategoryName(26)).toBe("Unknown");
    expect(charityCategoryName(-1)).toBe("Unknown");
  });

  it("a category's default logo URL; an id outside 0 to 25 gets Unknown's", () => {
    expect(categoryLogoUrl(3)).toBe("/donation-logos/category-3.svg");
    expect(categoryLogoUrl(0)).toBe("/donation-logos/category-0.svg");
    expect(categoryLogoUrl(26)).toBe("/donation-logos/category-25.svg");
    expect(categoryLogoUrl(2.5)).toBe("/donation-logos/category-25.svg");
  });

  it('the address is "City, ST zip", with only the parts known', () => {
    expect(charityAddress({ city: "Topeka", state: "KS", zip: "66603" })).toBe("Topeka, KS 66603");
    expect(charityAddress({ city: "Burlington", state: "VT", zip: "05401" })).toBe("Burlington, VT 05401");
    expect(charityAddress({ city: "Topeka", state: "KS", zip: null })).toBe("Topeka, KS");
    expect(charityAddress({ city: "Topeka", state: null, zip: null })).toBe("Topeka");
    expect(charityAddress({ city: null, state: "KS", zip: "66603" })).toBe("KS 66603");
    expect(charityAddress({ city: " ", state: null, zip: "" })).toBeNull();
  });
});

describe("category logos (catalogue spec section 9)", () => {
  it("file names category-0.svg to category-25.svg, and nothing else", () => {
    expect(categoryOfLogoName("category-0.svg")).toBe(0);
    expect(categoryOfLogoName("category-3.svg")).toBe(3);
    expect(categoryOfLogoName("category-25.svg")).toBe(25);
    for (const bad of [
      "category-26.svg",
      "category-03.svg",
      "category--1.svg",
      "category-3.png",
      "category-3.svg.bak",
      "category-.svg",
      "Category-3.svg",
      "",
    ]) {
      expect(categoryOfLogoName(bad)).toBeNull();
    }
  });

  it("each category has its own SVG, named by its category, with nothing that loads or runs", () => {
    const svgs = CHARITY_CATEGORIES.map((_, id) => categoryLogoSvg(id));
    expect(new Set(svgs).size).toBe(26);
    for (const [id, svg] of svgs.entries()) {
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).toContain(`<title>${CHARITY_CATEGORIES[id].replace(/&/g, "&#38;")}</title>`);
      expect(svg).not.toMatch(/<script|href=|url\(|on\w+=/i);
    }
    expect(categoryLogoSvg(0)).toContain(">AC</text>");
    expect(categoryLogoSvg(3)).not.toContain("<text"); // the paw
  });

  it("initials skip joining words; labels and titles are escaped", () => {
    expect(initialsOf("Arts, Culture & Humanities")).toBe("AC");
    expect(initialsOf("Animal-Related")).toBe("AR");
    expect(initialsOf("Philanthropy, Voluntarism & Grantmaking Foundations")).toBe("PV");
    expect(initialsOf("Kids & Critters Learning Lab")).toBe("KC");
    expect(initialsOf("Friends of the Shelter")).toBe("FS");
    expect(initialsOf("Education")).toBe("Ed");
    expect(initialsOf("Environment")).toBe("En");
    expect(initialsOf("Unknown")).toBe("Un");
    const svg = logoSvg({ title: `<b>"Tom & Jerry's"</b>`, hue: -30, label: "<&>" });
    expect(svg).not.toContain("<b>");
    expect(svg).toContain("&#60;b&#62;&#34;Tom &#38; Jerry&#39;s&#34;");
    expect(svg).toContain("hsl(330 ");
  });
});

describe("error catalogue (catalogue spec section 8)", () => {
  it("has the 13 messages", () => {
    expect(Object.values(DONATION_ERROR)).toHaveLength(13);
    expect(new Set(Object.values(DONATION_ERROR)).size).toBe(13);
  });
});
