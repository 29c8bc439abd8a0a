// The checkout's form schemas: one zod schema per step, used by the
// server action and by conform in the browser, so both validate alike.
import { z } from "zod";
import { CheckedBox, PhoneField } from "./account-forms";
import { cardNotExpired, isUsStateCode, luhnValid } from "./checkout";
import { addShopBusinessDays, formatShopWeekday } from "./shop-time";
import { stateOfZipRefusal } from "./zip-state";

export const CHECKOUT_STEPS = ["contact", "shipping", "delivery", "payment", "review"] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export const STEP_LABELS: Record<CheckoutStep, string> = {
  contact: "Contact",
  shipping: "Shipping address",
  delivery: "Delivery",
  payment: "Payment",
  review: "Review and place order",
};

/** A step's name with its place, for the page title and so its announcement: "Step 2 of 5: Shipping address". */
export const stepTitle = (step: CheckoutStep) =>
  `Step ${CHECKOUT_STEPS.indexOf(step) + 1} of ${CHECKOUT_STEPS.length}: ${STEP_LABELS[step]}`;

/** The shipping step's choice of a staff member's clinic (in place of an address-book id). */
export const CLINIC_ADDRESS_ID = "clinic";

const text = (label: string, max: number) =>
  z
    .string({ required_error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `Keep ${label} under ${max} characters.`);

const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `Keep ${label} under ${max} characters.`).optional();

export const ContactSchema = z.object({
  email: z
    .string({ required_error: "Enter your email address." })
    .trim()
    .toLowerCase()
    .max(254, "That email address is too long.")
    .email("Enter an email address like name@example.com."),
  acceptsMarketing: CheckedBox,
});

/**
 * The fields of a US shipping address (catalogue spec section 9: the 50 states and DC), for a
 * form that adds its own fields (`.extend`); such a form refines its parse with
 * `refineStateOfZip` as `AddressSchema` does.
 */
export const AddressFieldsSchema = z.object({
  firstName: text("a first name", 60),
  lastName: text("a last name", 60),
  company: optionalText("the company", 100),
  address1: text("a street address", 120),
  address2: optionalText("the apartment or suite", 120),
  city: text("a city", 60),
  provinceCode: z
    .string({ required_error: "Choose a state." })
    .trim()
    .toUpperCase()
    .refine(isUsStateCode, "Choose a US state or DC."),
  zip: z
    .string({ required_error: "Enter a zip code." })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, "Enter a 5-digit zip code.")
    .transform((zip) => zip.slice(0, 5)),
  countryCode: z
    .string()
    .trim()
    .toUpperCase()
    .default("US")
    .refine((code) => code === "US", "We ship within the United States only."),
  phone: PhoneField.optional(),
});

/**
 * The typed state must be the zip's (`stateOfZipRefusal`, docs/rules.md "Pricing, discounts
 * and shipping"): a mismatch is an error on the state field ("Zip code 96813 is in Hawaii…").
 * For every schema of an address, as its `superRefine`.
 */
export function refineStateOfZip(address: { provinceCode?: unknown; zip?: unknown }, ctx: z.RefinementCtx): void {
  if (typeof address.provinceCode !== "string" || typeof address.zip !== "string") return;
  const refusal = stateOfZipRefusal({ provinceCode: address.provinceCode, zip: address.zip });
  if (refusal) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [refusal.field], message: refusal.message });
}

/**
 * A US shipping address: every address form and call (checkout's shipping step, the address
 * book, the address calls, the customer service) parses with it, so none keeps a state that
 * is not its zip's.
 */
export const AddressSchema = AddressFieldsSchema.superRefine(refineStateOfZip);
export type AddressInput = z.infer<typeof AddressSchema>;

/**
 * A radio group's choice between saved entries and "new": the chosen id, or
 * "new" (also when nothing saved is offered), copied into `choiceKey`.
 */
const withChoice = (idKey: string, choiceKey: string) => (value: unknown) => {
  if (typeof value !== "object" || value === null) return value;
  const id = (value as Record<string, unknown>)[idKey];
  return { ...value, [choiceKey]: typeof id === "string" && id !== "" && id !== "new" ? "saved" : "new" };
};

/** Shipping step: a saved address of the signed-in customer (addressId), or a new one (addressId "new" or absent). */
export const ShippingSchema = z.preprocess(
  withChoice("addressId", "addressChoice"),
  z
    .discriminatedUnion("addressChoice", [
      z.object({ addressChoice: z.literal("saved"), addressId: text("an address", 64) }),
      AddressFieldsSchema.extend({ addressChoice: z.literal("new") }),
    ])
    .superRefine((value, ctx) => {
      if (value.addressChoice === "new") refineStateOfZip(value, ctx);
    }),
);

export const DeliverySchema = z.object({ confirm: z.literal("yes").default("yes") });

/** Payment step: a saved card (tokenId), or a new card (tokenized; the number is never stored). */
export const PaymentSchema = z.preprocess(
  withChoice("tokenId", "paymentChoice"),
  z
    .discriminatedUnion("paymentChoice", [
      z.object({ paymentChoice: z.literal("saved"), tokenId: text("a saved card", 64) }),
      z.object({
        paymentChoice: z.literal("new"),
        nameOnCard: text("the name on the card", 100),
        cardNumber: z
          .string({ required_error: "Enter the card number." })
          .trim()
          .refine(luhnValid, "Check the card number: it is not a valid card."),
        expiry: z
          .string({ required_error: "Enter the expiry date." })
          .trim()
          .regex(/^(0?[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, "Enter the expiry as MM/YY."),
        cvc: z
          .string({ required_error: "Enter the security code." })
          .trim()
          .regex(/^\d{3,4}$/, "Enter the 3- or 4-digit security code."),
      }),
    ])
    .superRefine((value, ctx) => {
      if (value.paymentChoice !== "new") return;
      const expiry = parseExpiry(value.expiry);
      if (expiry && !cardNotExpired(expiry.month, expiry.year, new Date())) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["expiry"], message: "This card has expired." });
      }
    }),
);

/** The staff program's attestation, as the shopper confirms it before ordering (docs/rules.md "Staff-feeding program"). */
export const ATTESTATION_LABEL = "I confirm this food is for my own pets, as the staff-feeding program requires.";

/** Where "Proceed to Checkout" goes on a platform with its own checkout (Shopify): the hand-off. */
export const HAND_OFF_PATH = "/checkout/hand-off";

/** The hand-off to a platform's checkout: the attestation, where the site policy asks for it. */
export const HandOffSchema = z.object({ attestation: CheckedBox });

export const PlaceOrderSchema = z.object({
  idempotencyKey: text("the checkout key", 100),
  expectedTotalCents: z.coerce.number().int().min(0),
  attestation: CheckedBox,
});

/** An empty form field is a missing one, as conform reads fields (so optional fields may be left blank). */
const blankToUndefined = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).map(([key, v]) => [key, v === "" ? undefined : v]));

/** A post whose fields are checked by a choice schema of its own (shipping, payment). */
const chosen = <I extends string>(intent: I) => z.object({ intent: z.literal(intent) }).passthrough();

/**
 * Every post of the checkout page, by `intent` (docs/architecture.md "Forms and the JSON
 * API"). Zod's discriminated union takes plain objects, and the shipping and payment
 * steps are choices themselves (a saved entry or a new one), so those two are checked by
 * their own schema in the transform; every step's fields and messages stay in its schema.
 */
export const CheckoutPostSchema = z
  .discriminatedUnion(
    "intent",
    [
      ContactSchema.extend({ intent: z.literal("contact") }),
      chosen("shipping"),
      DeliverySchema.extend({ intent: z.literal("delivery") }),
      chosen("payment"),
      PlaceOrderSchema.extend({ intent: z.literal("place") }),
    ],
    { errorMap: () => ({ message: "Unknown checkout step." }) },
  )
  .transform((post, ctx) => {
    if (post.intent !== "shipping" && post.intent !== "payment") return post;
    const schema = post.intent === "shipping" ? ShippingSchema : PaymentSchema;
    const parsed = schema.safeParse(blankToUndefined(post));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue(issue);
      return z.NEVER;
    }
    return post.intent === "shipping"
      ? { intent: "shipping" as const, shipping: parsed.data as z.infer<typeof ShippingSchema> }
      : { intent: "payment" as const, payment: parsed.data as z.infer<typeof PaymentSchema> };
  });
export type CheckoutPost = z.infer<typeof CheckoutPostSchema>;

/** The step whose form a post came from: where its errors show ("place" is the review step's). */
export function stepOfIntent(intent: unknown): CheckoutStep | null {
  if (intent === "place") return "review";
  return intent !== "review" && CHECKOUT_STEPS.includes(intent as CheckoutStep) ? (intent as CheckoutStep) : null;
}

/** "04/29" or "4 / 2029" as month and four-digit year; null when malformed. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!match) return null;
  const year = Number(match[2]);
  return { month: Number(match[1]), year: year < 100 ? 2000 + year : year };
}

/** The first step still to do, given what the checkout holds. */
export function firstOpenStep(state: {
  email: string | null;
  shippingAddress: string | null;
  deliveryConfirmed: boolean;
  paymentTokenId: string | null;
}): CheckoutStep {
  if (!state.email) return "contact";
  if (!state.shippingAddress) return "shipping";
  if (!state.deliveryConfirmed) return "delivery";
  if (!state.paymentTokenId) return "payment";
  return "review";
}

/** The step to show: the one asked for if every step before it is done, else the first open one. */
export function stepToShow(requested: string | null, open: CheckoutStep): CheckoutStep {
  const index = CHECKOUT_STEPS.indexOf(requested as CheckoutStep);
  return index >= 0 && index <= CHECKOUT_STEPS.indexOf(open) ? CHECKOUT_STEPS[index] : open;
}

/**
 * Catalogue spec section 7: the estimated delivery date, counting business days (Monday to
 * Friday) from the order's day in the shop's time zone (docs/rules.md "Shop time"); the first
 * instant of that day there.
 */
export function estimatedDeliveryDate(from: Date, businessDays: number, zone: string): Date {
  return addShopBusinessDays(from, businessDays, zone);
}

export const HAWAII_DELIVERY_MESSAGE = "See checkout for delivery date";
/**
 * The same case for a shopper already in checkout, where "see checkout" points nowhere
 * (docs/decisions.md "Cart on a phone"): no date is promised, and the shipping email says when.
 */
export const HAWAII_CHECKOUT_DELIVERY_MESSAGE =
  "Delivery to Hawaii takes longer than to the mainland: we email you the delivery date when your order ships.";

/**
 * The delivery line (catalogue spec sections 6-7): "Estimated delivery {date}
 * to {location}", where location is the zip part of userLocation ("{zip}::HOME");
 * Hawaii addresses see the fixed message when that flag is on.
 */
export function deliveryEstimateMessage(input: {
  now: Date;
  businessDays: number;
  /** SHOP_TIME_ZONE: the days counted and written are the shop's. */
  timeZone: string;
  userLocation: string;
  provinceCode: string;
  hawaiiFlag: boolean;
  /** Shown inside checkout (its delivery step and confirmation), not on a page that leads to it. */
  inCheckout?: boolean;
}): string {
  if (input.hawaiiFlag && input.provinceCode.toUpperCase() === "HI") {
    return input.inCheckout ? HAWAII_CHECKOUT_DELIVERY_MESSAGE : HAWAII_DELIVERY_MESSAGE;
  }
  const date = formatShopWeekday(estimatedDeliveryDate(input.now, input.businessDays, input.timeZone), input.timeZone);
  return `Estimated delivery ${date} to ${input.userLocation.split("::")[0]}`;
}
