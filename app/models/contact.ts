// The contact form (shop-core spec sections 2 and 7, /contact-us and
// /api/send-contact-us). Pure: one zod schema shared by the page's form (conform,
// in the browser and the action) and the JSON API, the topics and the page texts.
import { z } from "zod";
import { EmailField } from "./account-forms";
import type { ContentData } from "./content";

/** Topics offered when the content service has no contact entry for the site. */
export const DEFAULT_CONTACT_TOPICS: readonly string[] = [
  "Order question",
  "Autoship",
  "Product question",
  "Website feedback",
  "Something else",
];

export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 2000;
export const CONTACT_ORDER_NUMBER_MAX = 20;

/** The notice after a message is sent. */
export const CONTACT_SENT_MESSAGE = "Thank you, your message is sent. We reply within 1 business day.";

/** The contact entry of the content service (catalogue spec section 7, get-contact). */
export type ContactContent = ContentData<"contact">;

/** The topics a site's form offers: the content entry's, or the defaults when there is none. */
export function contactTopics(contact: Pick<ContactContent, "topics"> | null | undefined): string[] {
  const topics = contact?.topics.map((t) => t.trim()).filter(Boolean) ?? [];
  return topics.length ? [...new Set(topics)] : [...DEFAULT_CONTACT_TOPICS];
}

/**
 * A US phone number as "303-555-0100", from what people type: spaces, dots,
 * dashes, brackets and a leading +1 or 1 are fine. Null unless it holds exactly
 * 10 digits whose area code and exchange start with 2-9 (the North American plan).
 */
export function normaliseUsPhone(raw: string): string | null {
  if (!/^[\d\s().+-]+$/.test(raw)) return null;
  let digits = raw.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A tel: link for a phone number as content writes it ("1-800-PET-FOOD" keeps its letters out). */
export function telHref(phone: string): string {
  const normalised = normaliseUsPhone(phone);
  if (normalised) return `tel:+1${normalised.replaceAll("-", "")}`;
  const dialable = phone.replace(/[^\d+]/g, "");
  return `tel:${dialable}`;
}

// Optional fields: an empty or blank value (the API may send "") counts as not given.
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** A required text field whose every refusal reads `message` (missing, empty, or not text). */
const requiredText = (message: string) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);

/**
 * The contact form's fields (shop-core spec section 7). `topics` are the site's
 * (contactTopics); the topic must be one of them.
 */
export function contactSchema(topics: readonly string[]) {
  return z.object({
    name: requiredText("Enter your name.")
      .max(CONTACT_NAME_MAX, `Keep your name under ${CONTACT_NAME_MAX} characters.`)
      // One line: a name never carries line breaks into the email's subject.
      .transform((v) => v.replace(/\s+/g, " ")),
    email: EmailField,
    phone: z.preprocess(
      blankToUndefined,
      z
        .string({ invalid_type_error: "Enter the phone number as text, like 303-555-0100." })
        .trim()
        .max(30, "Enter a 10-digit US phone number, like 303-555-0100.")
        .transform((value, ctx) => {
          const phone = normaliseUsPhone(value);
          if (phone) return phone;
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            message: "Enter a 10-digit US phone number, like 303-555-0100.",
          });
          return z.NEVER;
        })
        .optional(),
    ),
    orderNumber: z.preprocess(
      blankToUndefined,
      z
        .string({ invalid_type_error: "Enter the order number as text, like 1001." })
        .trim()
        .max(CONTACT_ORDER_NUMBER_MAX, `An order number has at most ${CONTACT_ORDER_NUMBER_MAX} characters.`)
        .regex(/^#?\s*[A-Za-z0-9][A-Za-z0-9-]*$/, "Enter the order number as it appears on your order, like 1001.")
        // "#1001" and "1001" are the same order.
        .transform((v) => v.replace(/^#\s*/, ""))
        .optional(),
    ),
    topic: requiredText("Choose a topic.").refine(
      (topic) => topics.includes(topic),
      "Choose one of the topics in the list.",
    ),
    message: requiredText("Write your message.")
      .min(CONTACT_MESSAGE_MIN, `Write at least ${CONTACT_MESSAGE_MIN} characters so we can help.`)
      .max(CONTACT_MESSAGE_MAX, `Keep your message under ${CONTACT_MESSAGE_MAX.toLocaleString("en-US")} characters.`),
  });
}

export type ContactInput = z.output<ReturnType<typeof contactSchema>>;
