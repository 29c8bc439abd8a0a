import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import {
  CONTACT_MESSAGE_MAX,
  contactSchema,
  contactTopics,
  DEFAULT_CONTACT_TOPICS,
  normaliseUsPhone,
  telHref,
} from "./contact";
import { registrationGuard } from "./staff-program";

const TOPICS = ["Order question", "Autoship"];
const schema = contactSchema(TOPICS);

const VALID = {
  name: "Robin Lee",
  email: "robin@example.com",
  topic: "Order question",
  message: "Where is my order? It was due on Monday.",
};

/** The first error message per field of a refused input. */
function errorsOf(input: Record<string, unknown>): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join(".")] ??= issue.message;
  return errors;
}

describe("contact form schema (shop-core spec section 7, send-contact-us data)", () => {
  it("accepts a complete message and leaves phone and order number out when not given", () => {
    expect(schema.parse(VALID)).toEqual(VALID);
  });

  it("name: required, trimmed, on one line, at most 100 characters", () => {
    expect(errorsOf({ ...VALID, name: undefined }).name).toBe("Enter your name.");
    expect(errorsOf({ ...VALID, name: "   " }).name).toBe("Enter your name.");
    expect(errorsOf({ ...VALID, name: 42 }).name).toBe("Enter your name.");
    expect(schema.parse({ ...VALID, name: "  Robin \n Lee  " }).name).toBe("Robin Lee");
    expect(schema.safeParse({ ...VALID, name: "a".repeat(100) }).success).toBe(true);
    expect(errorsOf({ ...VALID, name: "a".repeat(101) }).name).toBe("Keep your name under 100 characters.");
  });

  it("email: required, a valid address, lower-cased", () => {
    expect(errorsOf({ ...VALID, email: undefined }).email).toBe("Enter your email address.");
    expect(errorsOf({ ...VALID, email: "robin@" }).email).toBe("Enter an email address like name@example.com.");
    expect(schema.parse({ ...VALID, email: " Robin@Example.COM " }).email).toBe("robin@example.com");
  });

  it("phone: optional; a 10-digit US number in any usual format, stored as 303-555-0100", () => {
    for (const typed of ["3035550100", "(303) 555-0100", "303.555.0100", "+1 303 555 0100", "1-303-555-0100"]) {
      expect(schema.parse({ ...VALID, phone: typed }).phone).toBe("303-555-0100");
    }
    expect(schema.parse({ ...VALID, phone: "" }).phone).toBeUndefined();
    expect(schema.parse({ ...VALID, phone: "  " }).phone).toBeUndefined();
    const message = "Enter a 10-digit US phone number, like 303-555-0100.";
    for (const bad of ["555-0100", "303-555-01000", "303-555-01OO", "123-555-0100", "303-055-0100", "2-303-555-0100"]) {
      expect(errorsOf({ ...VALID, phone: bad }).phone, bad).toBe(message);
    }
  });

  it("order number: optional, short, letters, digits and dashes, an opening # dropped", () => {
    expect(schema.parse({ ...VALID, orderNumber: "#1001" }).orderNumber).toBe("1001");
    expect(schema.parse({ ...VALID, orderNumber: " A-1001 " }).orderNumber).toBe("A-1001");
    expect(schema.parse({ ...VALID, orderNumber: "" }).orderNumber).toBeUndefined();
    expect(errorsOf({ ...VALID, orderNumber: "10 01" }).orderNumber).toBe(
      "Enter the order number as it appears on your order, like 1001.",
    );
    expect(errorsOf({ ...VALID, orderNumber: "1".repeat(21) }).orderNumber).toBe(
      "An order number has at most 20 characters.",
    );
  });

  it("topic: required and one of the site's topics", () => {
    expect(errorsOf({ ...VALID, topic: undefined }).topic).toBe("Choose a topic.");
    expect(errorsOf({ ...VALID, topic: "Free food please" }).topic).toBe("Choose one of the topics in the list.");
    expect(schema.parse({ ...VALID, topic: "Autoship" }).topic).toBe("Autoship");
    // Another site's list decides for that site.
    expect(contactSchema(["Clinic question"]).safeParse(VALID).success).toBe(false);
  });

  it("message: 10 to 2,000 characters after trimming", () => {
    expect(errorsOf({ ...VALID, message: undefined }).message).toBe("Write your message.");
    expect(errorsOf({ ...VALID, message: "  too short  " }).message).toBe(
      "Write at least 10 characters so we can help.",
    );
    expect(schema.safeParse({ ...VALID, message: "x".repeat(10) }).success).toBe(true);
    expect(schema.safeParse({ ...VALID, message: "x".repeat(CONTACT_MESSAGE_MAX) }).success).toBe(true);
    expect(errorsOf({ ...VALID, message: "x".repeat(CONTACT_MESSAGE_MAX + 1) }).message).toBe(
      "Keep your message under 2,000 characters.",
    );
  });

  it("reads a posted form through conform: empty optional fields are not given, errors per field", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...VALID, phone: "", orderNumber: "" })) form.set(k, v);
    const ok = parseWithZod(form, { schema });
    expect(ok.status).toBe("success");
    form.set("email", "nope");
    form.set("message", "");
    const refused = parseWithZod(form, { schema });
    expect(refused.status).toBe("error");
    expect(refused.reply().error).toMatchObject({
      email: ["Enter an email address like name@example.com."],
      message: ["Write your message."],
    });
  });
});

describe("contact topics (from content, with defaults)", () => {
  it("uses the content entry's topics, trimmed and without repeats", () => {
    expect(contactTopics({ topics: [" Clinic question ", "Billing", "Billing"] })).toEqual([
      "Clinic question",
      "Billing",
    ]);
  });

  it("falls back to the default topics when the site has no contact entry", () => {
    expect(contactTopics(null)).toEqual([...DEFAULT_CONTACT_TOPICS]);
    expect(DEFAULT_CONTACT_TOPICS).toContain("Something else");
  });
});

describe("phone helpers", () => {
  it("normalises a US number or refuses it", () => {
    expect(normaliseUsPhone("(720) 555-0199")).toBe("720-555-0199");
    expect(normaliseUsPhone("call me")).toBeNull();
  });

  it("links a content phone number as tel: with the country code", () => {
    expect(telHref("1-800-555-0100")).toBe("tel:+18005550100");
    expect(telHref("+44 20 7946 0000")).toBe("tel:+442079460000");
  });
});

describe("who may open /contact-us (shop-core spec sections 4 and 6)", () => {
  it("a signed-in staff member who has not registered yet is not sent to registration", () => {
    expect(registrationGuard({ pathname: "/contact-us", search: "", signedIn: true, registered: false })).toBeNull();
  });
});
