import { describe, expect, it } from "vitest";
import {
  AddressSchema,
  CheckoutPostSchema,
  ContactSchema,
  deliveryEstimateMessage,
  estimatedDeliveryDate,
  firstOpenStep,
  HAWAII_CHECKOUT_DELIVERY_MESSAGE,
  HAWAII_DELIVERY_MESSAGE,
  parseExpiry,
  PaymentSchema,
  PlaceOrderSchema,
  ShippingSchema,
  stepTitle,
  stepToShow,
} from "./checkout-forms";
import { startOfShopDay } from "./shop-time";

/** The messages of a failed parse, by field path. */
function errorsOf(result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  const errors: Record<string, string> = {};
  for (const issue of result.error!.issues) errors[issue.path.join(".")] ??= issue.message;
  return errors;
}

const address = {
  firstName: "Jo",
  lastName: "Park",
  address1: "1 Main St",
  city: "Aurora",
  provinceCode: "CO",
  zip: "80011",
};

const now = new Date();
const nextYear = String((now.getUTCFullYear() + 1) % 100).padStart(2, "0");
const newCard = { nameOnCard: "Jo Park", cardNumber: "4242 4242 4242 4242", expiry: `12/${nextYear}`, cvc: "123" };

describe("contact step schema", () => {
  it("trims and lower-cases the email and reads the marketing box", () => {
    expect(ContactSchema.parse({ email: "  Jo.Park@Example.COM ", acceptsMarketing: "on" })).toEqual({
      email: "jo.park@example.com",
      acceptsMarketing: true,
    });
    expect(ContactSchema.parse({ email: "jo@example.com" })).toEqual({
      email: "jo@example.com",
      acceptsMarketing: false,
    });
  });

  it("refuses a missing or malformed email with a message saying what to enter", () => {
    expect(errorsOf(ContactSchema.safeParse({})).email).toBe("Enter your email address.");
    expect(errorsOf(ContactSchema.safeParse({ email: "not-an-email" })).email).toBe(
      "Enter an email address like name@example.com.",
    );
    expect(errorsOf(ContactSchema.safeParse({ email: `${"a".repeat(250)}@example.com` })).email).toBe(
      "That email address is too long.",
    );
  });
});

describe("shipping address schema (catalogue spec section 9: the 50 states and DC)", () => {
  it("accepts a US address, upper-cases the state, defaults the country to US and keeps 5 zip digits", () => {
    expect(AddressSchema.parse({ ...address, provinceCode: "dc", zip: "20001-1234" })).toMatchObject({
      provinceCode: "DC",
      zip: "20001",
      countryCode: "US",
    });
    expect(AddressSchema.parse({ ...address, provinceCode: " hi ", zip: "96813" }).provinceCode).toBe("HI");
  });

  it("refuses a state that is not the zip's, on the state field, and a zip of no state, on the zip", () => {
    // The two cases reproduced: each would have priced by the typed state.
    expect(
      errorsOf(AddressSchema.safeParse({ ...address, city: "Honolulu", provinceCode: "OR", zip: "96813" })),
    ).toEqual({
      provinceCode: "Zip code 96813 is in Hawaii. Choose Hawaii, or check the zip code.",
    });
    expect(
      errorsOf(AddressSchema.safeParse({ ...address, city: "Los Angeles", provinceCode: "mt", zip: "90012-3456" })),
    ).toEqual({ provinceCode: "Zip code 90012 is in California. Choose California, or check the zip code." });
    // The ends of a prefix range belong to their own state only (028 is Rhode Island's, 027 Massachusetts').
    expect(AddressSchema.safeParse({ ...address, provinceCode: "RI", zip: "02800" }).success).toBe(true);
    expect(errorsOf(AddressSchema.safeParse({ ...address, provinceCode: "RI", zip: "02799" })).provinceCode).toMatch(
      /is in Massachusetts/,
    );
    expect(errorsOf(AddressSchema.safeParse({ ...address, provinceCode: "NY", zip: "00000" }))).toEqual({
      zip: "00000 is not a zip code of a US state or DC. Check the zip code.",
    });
    // A state or zip refused on its own is not refused twice.
    expect(errorsOf(AddressSchema.safeParse({ ...address, provinceCode: "PR", zip: "96813" }))).toEqual({
      provinceCode: "Choose a US state or DC.",
    });
    expect(errorsOf(AddressSchema.safeParse({ ...address, provinceCode: "HI", zip: "9681" }))).toEqual({
      zip: "Enter a 5-digit zip code.",
    });
  });

  it("refuses the mismatch in every schema built on the address: the shipping step's new address", () => {
    const post = { intent: "shipping", addressId: "new", ...address, provinceCode: "OR", zip: "96813" };
    expect(errorsOf(ShippingSchema.safeParse(post)).provinceCode).toMatch(/is in Hawaii/);
    expect(errorsOf(CheckoutPostSchema.safeParse(post)).provinceCode).toMatch(/is in Hawaii/);
    // A saved address is the address book's, already checked when it was saved.
    expect(ShippingSchema.safeParse({ addressId: "addr_1", provinceCode: "OR", zip: "96813" }).success).toBe(true);
  });

  it("refuses a state that is not one of the 50 states or DC", () => {
    for (const provinceCode of ["ZZ", "PR", "GU", "Colorado", ""]) {
      expect(errorsOf(AddressSchema.safeParse({ ...address, provinceCode })).provinceCode).toBe(
        "Choose a US state or DC.",
      );
    }
    expect(errorsOf(AddressSchema.safeParse({ ...address, provinceCode: undefined })).provinceCode).toBe(
      "Choose a state.",
    );
  });

  it("requires a 5-digit zip code", () => {
    for (const zip of ["8001", "800111", "8001a", "80011-12", ""]) {
      expect(errorsOf(AddressSchema.safeParse({ ...address, zip })).zip).toBe("Enter a 5-digit zip code.");
    }
  });

  it("refuses a country other than the United States", () => {
    expect(errorsOf(AddressSchema.safeParse({ ...address, countryCode: "CA" })).countryCode).toBe(
      "We ship within the United States only.",
    );
    expect(AddressSchema.parse({ ...address, countryCode: "us" }).countryCode).toBe("US");
  });

  it("names each missing required field", () => {
    const errors = errorsOf(AddressSchema.safeParse({ firstName: " ", zip: "80011", provinceCode: "CO" }));
    expect(errors).toMatchObject({
      firstName: "Enter a first name.",
      lastName: "Enter a last name.",
      address1: "Enter a street address.",
      city: "Enter a city.",
    });
  });

  it("checks the phone number's characters when one is given", () => {
    expect(AddressSchema.parse({ ...address, phone: "(303) 555-0100" }).phone).toBe("(303) 555-0100");
    expect(errorsOf(AddressSchema.safeParse({ ...address, phone: "call me" })).phone).toBe(
      "Enter a phone number of digits, like 303-555-0100.",
    );
  });
});

describe("shipping step schema (saved or new address)", () => {
  it("picks the saved address when addressId names one", () => {
    expect(ShippingSchema.parse({ addressId: "addr_123", ...address })).toEqual({
      addressChoice: "saved",
      addressId: "addr_123",
    });
  });

  it('takes a new address when addressId is "new", empty or absent', () => {
    for (const addressId of ["new", "", undefined]) {
      expect(ShippingSchema.parse({ addressId, ...address })).toMatchObject({
        addressChoice: "new",
        ...address,
        countryCode: "US",
      });
    }
  });

  it('validates the new address fields when "new" is chosen', () => {
    const errors = errorsOf(ShippingSchema.safeParse({ addressId: "new", ...address, zip: "123" }));
    expect(errors.zip).toBe("Enter a 5-digit zip code.");
    expect(errorsOf(ShippingSchema.safeParse({ addressId: "new" })).firstName).toBe("Enter a first name.");
  });
});

describe("payment step schema (Luhn, expiry, saved card)", () => {
  it("picks the saved card when tokenId names one", () => {
    expect(PaymentSchema.parse({ tokenId: "tok_abc", ...newCard })).toEqual({
      paymentChoice: "saved",
      tokenId: "tok_abc",
    });
  });

  it('takes a new card when tokenId is "new" or absent', () => {
    expect(PaymentSchema.parse({ tokenId: "new", ...newCard })).toMatchObject({
      paymentChoice: "new",
      cardNumber: "4242 4242 4242 4242",
    });
    expect(PaymentSchema.parse(newCard)).toMatchObject({ paymentChoice: "new", expiry: `12/${nextYear}` });
  });

  it("refuses a card number that fails the Luhn check", () => {
    for (const cardNumber of ["4242 4242 4242 4241", "1234", "4242-abcd-4242-4242"]) {
      expect(errorsOf(PaymentSchema.safeParse({ ...newCard, cardNumber })).cardNumber).toBe(
        "Check the card number: it is not a valid card.",
      );
    }
  });

  it("requires the expiry as MM/YY and refuses an expired card, the current month still valid", () => {
    for (const expiry of ["13/30", "1230", "12-30", "00/30"]) {
      expect(errorsOf(PaymentSchema.safeParse({ ...newCard, expiry })).expiry).toBe("Enter the expiry as MM/YY.");
    }
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const mmYy = (d: Date) =>
      `${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String(d.getUTCFullYear() % 100).padStart(2, "0")}`;
    expect(errorsOf(PaymentSchema.safeParse({ ...newCard, expiry: mmYy(lastMonth) })).expiry).toBe(
      "This card has expired.",
    );
    expect(PaymentSchema.safeParse({ ...newCard, expiry: mmYy(now) }).success).toBe(true);
    expect(PaymentSchema.safeParse({ ...newCard, expiry: `1 / 20${nextYear}` }).success).toBe(true);
  });

  it("requires a 3- or 4-digit security code and the name on the card", () => {
    const errors = errorsOf(PaymentSchema.safeParse({ ...newCard, cvc: "12", nameOnCard: "" }));
    expect(errors.cvc).toBe("Enter the 3- or 4-digit security code.");
    expect(errors.nameOnCard).toBe("Enter the name on the card.");
    expect(PaymentSchema.safeParse({ ...newCard, cvc: "1234" }).success).toBe(true);
  });

  it("reads expiry strings into a month and a four-digit year", () => {
    expect(parseExpiry("04/29")).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry(" 4 / 2031 ")).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry("04-29")).toBeNull();
    expect(parseExpiry("april")).toBeNull();
  });
});

describe("place-order form (key, expected total, attestation)", () => {
  it("coerces the expected total and reads the attestation box", () => {
    expect(PlaceOrderSchema.parse({ idempotencyKey: "chk_1", expectedTotalCents: "6299", attestation: "on" })).toEqual({
      idempotencyKey: "chk_1",
      expectedTotalCents: 6299,
      attestation: true,
    });
    expect(PlaceOrderSchema.parse({ idempotencyKey: "chk_1", expectedTotalCents: "0" }).attestation).toBe(false);
  });

  it("refuses a missing key or a negative or fractional total", () => {
    expect(PlaceOrderSchema.safeParse({ expectedTotalCents: "100" }).success).toBe(false);
    expect(PlaceOrderSchema.safeParse({ idempotencyKey: "k", expectedTotalCents: "-1" }).success).toBe(false);
    expect(PlaceOrderSchema.safeParse({ idempotencyKey: "k", expectedTotalCents: "10.5" }).success).toBe(false);
  });
});

describe("estimated delivery date (catalogue spec section 7: business days)", () => {
  const NY = "America/New_York";
  // Noon in New York on a day, and the first instant of a day there.
  const noon = (iso: string) => startOfShopDay(iso, NY)!.getTime() + 12 * 3_600_000;
  const day = (iso: string) => startOfShopDay(iso, NY);
  const from = (iso: string) => new Date(noon(iso));

  it("counts Monday to Friday only", () => {
    // 2026-11-18 is a Wednesday.
    expect(estimatedDeliveryDate(from("2026-11-18"), 1, NY)).toEqual(day("2026-11-19"));
    expect(estimatedDeliveryDate(from("2026-11-18"), 3, NY)).toEqual(day("2026-11-23"));
    expect(estimatedDeliveryDate(from("2026-11-18"), 5, NY)).toEqual(day("2026-11-25"));
    expect(estimatedDeliveryDate(from("2026-11-18"), 10, NY)).toEqual(day("2026-12-02"));
  });

  it("skips the weekend from a Friday, a Saturday or a Sunday", () => {
    expect(estimatedDeliveryDate(from("2026-11-20"), 1, NY)).toEqual(day("2026-11-23"));
    expect(estimatedDeliveryDate(from("2026-11-21"), 1, NY)).toEqual(day("2026-11-23"));
    expect(estimatedDeliveryDate(from("2026-11-22"), 1, NY)).toEqual(day("2026-11-23"));
    expect(estimatedDeliveryDate(from("2026-11-22"), 2, NY)).toEqual(day("2026-11-24"));
  });

  it("counts from the day in the shop's time zone, not the UTC day, and leaves its argument alone", () => {
    // Friday 20:00 in New York is Saturday 01:00 UTC: still Friday, so one business day is Monday.
    const fridayEvening = new Date("2026-11-21T01:00:00Z");
    expect(estimatedDeliveryDate(fridayEvening, 1, NY)).toEqual(day("2026-11-23"));
    // Thursday 21:00 in New York is Friday in UTC: one business day is Friday, not Monday.
    const thursdayEvening = new Date("2026-11-20T02:00:00Z");
    expect(estimatedDeliveryDate(thursdayEvening, 1, NY)).toEqual(day("2026-11-20"));
    expect(estimatedDeliveryDate(thursdayEvening, 1, "UTC")).toEqual(new Date("2026-11-23T00:00:00Z"));
    expect(thursdayEvening.toISOString()).toBe("2026-11-20T02:00:00.000Z");
    expect(estimatedDeliveryDate(from("2026-12-31"), 1, NY)).toEqual(day("2027-01-01"));
  });
});

describe("delivery estimate message (catalogue spec sections 6-7, Hawaii flag)", () => {
  const base = {
    now: new Date("2026-11-18T15:00:00Z"),
    businessDays: 3,
    userLocation: "80011::HOME",
    provinceCode: "CO",
    hawaiiFlag: true,
    timeZone: "America/New_York",
  };

  it('reads "Estimated delivery {weekday, Month day} to {zip}"', () => {
    expect(deliveryEstimateMessage(base)).toBe("Estimated delivery Monday, November 23 to 80011");
    expect(deliveryEstimateMessage({ ...base, businessDays: 1, userLocation: "99501::HOME", provinceCode: "AK" })).toBe(
      "Estimated delivery Thursday, November 19 to 99501",
    );
    expect(deliveryEstimateMessage({ ...base, userLocation: "80011" })).toBe(
      "Estimated delivery Monday, November 23 to 80011",
    );
  });

  it("shows the fixed message for Hawaii while the flag is on, and the date when it is off", () => {
    expect(HAWAII_DELIVERY_MESSAGE).toBe("See checkout for delivery date");
    const hawaii = { ...base, userLocation: "96813::HOME", provinceCode: "HI" };
    expect(deliveryEstimateMessage(hawaii)).toBe(HAWAII_DELIVERY_MESSAGE);
    expect(deliveryEstimateMessage({ ...hawaii, provinceCode: "hi" })).toBe(HAWAII_DELIVERY_MESSAGE);
    expect(deliveryEstimateMessage({ ...hawaii, hawaiiFlag: false })).toBe(
      "Estimated delivery Monday, November 23 to 96813",
    );
  });

  it("inside checkout, Hawaii gets wording that does not send the shopper to checkout; other states are unchanged", () => {
    const hawaii = { ...base, userLocation: "96813::HOME", provinceCode: "HI", inCheckout: true };
    expect(deliveryEstimateMessage(hawaii)).toBe(HAWAII_CHECKOUT_DELIVERY_MESSAGE);
    expect(HAWAII_CHECKOUT_DELIVERY_MESSAGE).not.toMatch(/see checkout/i);
    expect(deliveryEstimateMessage({ ...hawaii, hawaiiFlag: false })).toBe(
      "Estimated delivery Monday, November 23 to 96813",
    );
    expect(deliveryEstimateMessage({ ...base, inCheckout: true })).toBe(
      "Estimated delivery Monday, November 23 to 80011",
    );
  });
});

describe("checkout step order", () => {
  const empty = { email: null, shippingAddress: null, deliveryConfirmed: false, paymentTokenId: null };

  it("finds the first step still to do", () => {
    expect(firstOpenStep(empty)).toBe("contact");
    expect(firstOpenStep({ ...empty, email: "a@example.com" })).toBe("shipping");
    expect(firstOpenStep({ ...empty, email: "a@example.com", shippingAddress: "{}" })).toBe("delivery");
    expect(firstOpenStep({ ...empty, email: "a@example.com", shippingAddress: "{}", deliveryConfirmed: true })).toBe(
      "payment",
    );
    expect(
      firstOpenStep({ email: "a@example.com", shippingAddress: "{}", deliveryConfirmed: true, paymentTokenId: "tok" }),
    ).toBe("review");
    // A later step done does not skip an earlier one.
    expect(firstOpenStep({ ...empty, deliveryConfirmed: true, paymentTokenId: "tok" })).toBe("contact");
  });

  it("shows a requested step only when every step before it is done", () => {
    expect(stepToShow("payment", "review")).toBe("payment");
    expect(stepToShow("contact", "delivery")).toBe("contact");
    expect(stepToShow("delivery", "delivery")).toBe("delivery");
    expect(stepToShow("review", "shipping")).toBe("shipping");
    expect(stepToShow("payment", "contact")).toBe("contact");
    expect(stepToShow(null, "delivery")).toBe("delivery");
    expect(stepToShow("bogus", "payment")).toBe("payment");
  });
});

describe("stepTitle", () => {
  it("names the step with its place among all steps", () => {
    expect(stepTitle("contact")).toBe("Step 1 of 5: Contact");
    expect(stepTitle("shipping")).toBe("Step 2 of 5: Shipping address");
    expect(stepTitle("review")).toBe("Step 5 of 5: Review and place order");
  });
});
