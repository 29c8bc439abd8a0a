import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import {
  cardAutoshipOf,
  cardOptionLabel,
  changeCardRefusal,
  expiringAutoshipsOf,
  expiryOptions,
  expiryYears,
  PaymentMethodActionSchema,
  paymentMethodNotice,
  removeCardRefusal,
  savedCardView,
} from "./payment-methods";

const parse = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const submission = parseWithZod(form, { schema: PaymentMethodActionSchema });
  return submission.status === "success"
    ? { status: submission.status, value: submission.value, error: undefined }
    : { status: submission.status, value: undefined, error: submission.error };
};

const NEW_CARD = { intent: "add-card", cardNumber: "4242 4242 4242 4242", expMonth: "12", expYear: "2030", cvc: "123" };

const visa = { id: "tok_visa", brand: "visa", last4: "4242", expMonth: 12, expYear: 2026, isDefault: true };
const AUTOSHIP = {
  id: "sub_1",
  productTitle: "Adult Dry Dog Food",
  cancelled: false,
  paymentTokenId: "tok_visa",
  nextOrderDate: new Date("2027-01-05T10:00:00Z"),
};

describe("Payment Methods forms (docs/rules.md 'Saved cards')", () => {
  it("add card: number, expiry month and year, security code, and the default box", () => {
    const ok = parse({ ...NEW_CARD, makeDefault: "on" });
    expect(ok.value).toEqual({
      intent: "add-card",
      cardNumber: "4242 4242 4242 4242",
      expMonth: 12,
      expYear: 2030,
      cvc: "123",
      makeDefault: true,
    });
    expect(parse(NEW_CARD).value).toMatchObject({ makeDefault: false });
  });

  it("add card: each bad field is refused beside itself", () => {
    expect(parse({ ...NEW_CARD, cardNumber: "4242 4242 4242 4241" }).error).toEqual({
      cardNumber: ["Check the card number: it is not a valid card."],
    });
    expect(parse({ ...NEW_CARD, cardNumber: "" }).error).toEqual({ cardNumber: ["Enter the card number."] });
    expect(parse({ ...NEW_CARD, expMonth: "13" }).error).toEqual({ expMonth: ["Choose the expiry month."] });
    expect(parse({ ...NEW_CARD, expMonth: "" }).error).toEqual({ expMonth: ["Choose the expiry month."] });
    expect(parse({ ...NEW_CARD, expYear: "soon" }).error).toEqual({ expYear: ["Choose the expiry year."] });
    expect(parse({ ...NEW_CARD, cvc: "12" }).error).toEqual({ cvc: ["Enter the 3- or 4-digit security code."] });
  });

  it("make default and remove name a card; an unknown intent is refused", () => {
    expect(parse({ intent: "make-default", tokenId: "tok_1" }).status).toBe("success");
    expect(parse({ intent: "remove", tokenId: "tok_1" }).status).toBe("success");
    expect(parse({ intent: "remove" }).error).toEqual({ tokenId: ["Choose a card."] });
    expect(parse({ intent: "steal", tokenId: "tok_1" }).status).toBe("error");
  });

  it("offers this year and the next fifteen as expiry years (UTC)", () => {
    const years = expiryYears(new Date("2026-12-31T23:30:00Z"));
    expect(years[0]).toBe(2026);
    expect(years).toHaveLength(16);
    expect(years.at(-1)).toBe(2041);
  });

  it("labels a card as a choice, and notices name the card", () => {
    expect(cardOptionLabel({ brand: "visa", last4: "4242", expMonth: 3, expYear: 2027 })).toBe(
      "Visa ending 4242, expires 03/2027",
    );
    expect(paymentMethodNotice("add-card", visa).message).toBe("Visa ending 4242 was added.");
    expect(paymentMethodNotice("add-card", visa, true).message).toBe("Visa ending 4242 is already saved.");
    expect(paymentMethodNotice("make-default", visa).message).toBe("Visa ending 4242 is now your default card.");
    expect(paymentMethodNotice("remove", visa).message).toBe("Visa ending 4242 was removed.");
  });
});

describe("removing a card (docs/rules.md 'Saved cards')", () => {
  it("is refused while an active autoship is paid with it, naming the autoship", () => {
    expect(removeCardRefusal(visa, [AUTOSHIP])).toBe(
      "This card pays for your autoship of Adult Dry Dog Food. Switch your autoship of Adult Dry Dog Food to another card first.",
    );
    expect(
      removeCardRefusal(visa, [AUTOSHIP, { ...AUTOSHIP, productTitle: "Kitten Food" }], {
        singular: "subscription",
        plural: "subscriptions",
      }),
    ).toBe(
      "This card pays for your subscriptions of Adult Dry Dog Food and Kitten Food. Switch your subscriptions of Adult Dry Dog Food and Kitten Food to another card first.",
    );
  });

  it("is allowed when only cancelled autoships, or other cards, pay for them", () => {
    expect(removeCardRefusal(visa, [])).toBeNull();
    expect(removeCardRefusal(visa, [{ ...AUTOSHIP, cancelled: true }])).toBeNull();
    expect(removeCardRefusal(visa, [{ ...AUTOSHIP, paymentTokenId: "tok_other" }])).toBeNull();
  });
});

describe("an autoship's card (docs/rules.md 'Saved cards')", () => {
  it("may switch to a card that still works on the next order date, through the end of its expiry month", () => {
    expect(changeCardRefusal(visa, new Date("2026-12-31T23:59:00Z"))).toBeNull();
    expect(changeCardRefusal(visa, new Date("2027-01-01T00:00:00Z"))).toBe(
      "Visa ending 4242 expires 12/2026, before the next order. Choose another card.",
    );
  });

  it("flags each active autoship a card pays whose next order falls after the card's expiry", () => {
    const flags = expiringAutoshipsOf(
      visa,
      [
        AUTOSHIP,
        { ...AUTOSHIP, id: "sub_2", nextOrderDate: new Date("2026-12-20T10:00:00Z") },
        { ...AUTOSHIP, id: "sub_3", cancelled: true },
        { ...AUTOSHIP, id: "sub_4", paymentTokenId: "tok_other" },
      ],
      "America/New_York",
    );
    expect(flags).toEqual([
      {
        subscriptionId: "sub_1",
        productTitle: "Adult Dry Dog Food",
        notice:
          "Visa ending 4242 expires 12/2026, before this order on January 5, 2027. Choose another card or add a new one.",
      },
    ]);
  });
});

describe("the Payment Methods page's data (docs/rules.md 'Saved cards')", () => {
  it("lists a card with its label, expiry, default, whether it has expired, and its autoships' flags", () => {
    const { productTitle, ...subscription } = AUTOSHIP;
    const autoships = [cardAutoshipOf({ ...subscription, product: { title: productTitle } })];
    expect(autoships).toEqual([AUTOSHIP]);
    expect(savedCardView(visa, autoships, new Date("2026-12-31T23:00:00Z"), "America/New_York")).toEqual({
      id: "tok_visa",
      label: "Visa ending 4242",
      expiry: "12/2026",
      isDefault: true,
      expired: false,
      autoships: expiringAutoshipsOf(visa, autoships, "America/New_York"),
    });
    expect(savedCardView(visa, [], new Date("2027-01-01T00:00:00Z"), "America/New_York")).toMatchObject({
      expired: true,
      autoships: [],
    });
  });

  it("offers the months 01 to 12 (posted as 1 to 12) and the years from this one", () => {
    const { months, years } = expiryOptions(new Date("2026-06-01T00:00:00Z"));
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ value: "1", label: "01" });
    expect(months[11]).toEqual({ value: "12", label: "12" });
    expect(years.map((y) => y.value)).toEqual(expiryYears(new Date("2026-06-01T00:00:00Z")).map(String));
    expect(years[0]).toEqual({ value: "2026", label: "2026" });
  });
});
