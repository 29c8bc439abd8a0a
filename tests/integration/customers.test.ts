// The customer service (shop-core spec sections 3, 7 and 8): profile,
// email change, address book and metafields, each scoped to its customer.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import type { AddressInput } from "~/models/checkout-forms";
import { CustomerError, customers } from "~/services/customers/index.server";
import { identity } from "~/services/identity/index.server";

const PASSWORD = "kibble2024";
const uniqueEmail = (tag = "c") => `${tag}-${crypto.randomUUID()}@example.com`;

/** A customer of its own; with a password, one that can sign in (identity.register). */
async function newCustomer(options: { password?: string; email?: string; site?: "DTC" | "HPSF" } = {}) {
  const email = options.email ?? uniqueEmail();
  const site = options.site ?? "DTC";
  if (options.password) {
    const result = await identity.register({
      site,
      email,
      password: options.password,
      firstName: "Jo",
      lastName: "Park",
      acceptsMarketing: false,
    });
    if (!result.ok) throw new Error("register failed");
    return { id: result.customerId, email };
  }
  const row = await prisma.customer.create({ data: { site, email, firstName: "Jo", lastName: "Park" } });
  return { id: row.id, email };
}

const address = (overrides: Partial<AddressInput> = {}): AddressInput => ({
  firstName: "Jo",
  lastName: "Park",
  address1: "1 Main St",
  city: "Aurora",
  provinceCode: "CO",
  zip: "80011",
  countryCode: "US",
  ...overrides,
});

/** The CustomerError a promise rejects with (fails the test when it resolves). */
async function refusal(promise: Promise<unknown>): Promise<CustomerError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CustomerError) return error;
    throw error;
  }
  throw new Error("expected a CustomerError");
}

describe("customer profile (shop-core spec section 3)", () => {
  it("knows the customer's own email in any case, and no other (the multipass call's check)", async () => {
    const { id, email } = await newCustomer();
    const other = await newCustomer();
    expect(await customers.ownsEmail(id, email)).toBe(true);
    expect(await customers.ownsEmail(id, ` ${email.toUpperCase()} `)).toBe(true);
    expect(await customers.ownsEmail(id, other.email)).toBe(false);
    expect(await customers.ownsEmail(id, `x${email}`)).toBe(false);
    expect(await customers.ownsEmail("no-such-customer", email)).toBe(false);
  });

  it("reads the profile fields with the customer's metafields", async () => {
    const { id, email } = await newCustomer();
    await prisma.customerMetafield.create({
      data: { customerId: id, namespace: "profeeding", key: "persisted_cart_id", value: "cart-1" },
    });
    const profile = await customers.getProfile(id);
    expect(profile).toMatchObject({
      id,
      email,
      firstName: "Jo",
      lastName: "Park",
      phone: null,
      acceptsMarketing: false,
      defaultAddressId: null,
    });
    expect(profile.metafields).toEqual([
      {
        id: expect.any(String),
        namespace: "profeeding",
        key: "persisted_cart_id",
        type: "single_line_text_field",
        value: "cart-1",
      },
    ]);
  });

  it("updates names, phone and the marketing opt-in (and the sign-in's names)", async () => {
    const { id } = await newCustomer({ password: PASSWORD });
    const profile = await customers.updateProfile(id, {
      firstName: " Robin ",
      lastName: "Lee",
      phone: "303-555-0100",
      acceptsMarketing: true,
    });
    expect(profile).toMatchObject({
      firstName: "Robin",
      lastName: "Lee",
      phone: "303-555-0100",
      acceptsMarketing: true,
    });
    const user = await prisma.identityUser.findUniqueOrThrow({ where: { customerId: id } });
    expect([user.firstName, user.lastName]).toEqual(["Robin", "Lee"]);
  });

  it("refuses an empty name and an unknown customer", async () => {
    const { id } = await newCustomer();
    const error = await refusal(
      customers.updateProfile(id, { firstName: " ", lastName: "Lee", acceptsMarketing: false }),
    );
    expect([error.code, error.field]).toEqual(["INVALID", "firstName"]);
    expect((await refusal(customers.getProfile("no-such-customer"))).code).toBe("NOT_FOUND");
  });
});

describe("email change (needs the password and a free email)", () => {
  it("refuses a wrong password on the currentPassword field and changes nothing", async () => {
    const { id, email } = await newCustomer({ password: PASSWORD });
    const error = await refusal(customers.changeEmail(id, uniqueEmail("new"), "wrong-password1"));
    expect([error.code, error.field]).toEqual(["INVALID", "currentPassword"]);
    expect((await prisma.customer.findUniqueOrThrow({ where: { id } })).email).toBe(email);
  });

  it("refuses an email another account of the same store uses", async () => {
    const other = await newCustomer({ password: PASSWORD });
    const { id, email } = await newCustomer({ password: PASSWORD });
    const error = await refusal(customers.changeEmail(id, other.email.toUpperCase(), PASSWORD));
    expect([error.code, error.field]).toEqual(["EMAIL_TAKEN", "email"]);
    expect((await prisma.customer.findUniqueOrThrow({ where: { id } })).email).toBe(email);
    expect((await prisma.identityUser.findUniqueOrThrow({ where: { customerId: id } })).email).toBe(email);
  });

  it("changes the customer's and the sign-in's email; the new one signs in", async () => {
    const { id, email } = await newCustomer({ password: PASSWORD });
    const next = uniqueEmail("moved");
    const profile = await customers.changeEmail(id, ` ${next.toUpperCase()} `, PASSWORD);
    expect(profile.email).toBe(next);
    expect((await prisma.identityUser.findUniqueOrThrow({ where: { customerId: id } })).email).toBe(next);
    expect((await identity.signIn({ store: "home", email: next, password: PASSWORD })).ok).toBe(true);
    expect((await identity.signIn({ store: "home", email, password: PASSWORD })).ok).toBe(false);
  });

  it("lets a home customer take an email only the staff store uses", async () => {
    const staff = await newCustomer({ password: PASSWORD, site: "HPSF" });
    const { id } = await newCustomer({ password: PASSWORD });
    expect((await customers.changeEmail(id, staff.email, PASSWORD)).email).toBe(staff.email);
  });

  it("refuses a malformed email on the email field", async () => {
    const { id } = await newCustomer({ password: PASSWORD });
    const error = await refusal(customers.changeEmail(id, "not-an-email", PASSWORD));
    expect([error.code, error.field]).toEqual(["INVALID", "email"]);
  });
});

describe("address book (shop-core spec section 7: address create, update, delete, default)", () => {
  it("makes the first address the default, and another only when asked", async () => {
    const { id } = await newCustomer();
    const first = await customers.createAddress(id, address());
    expect(first.isDefault).toBe(true);
    expect(first).toMatchObject({ province: "Colorado", provinceCode: "CO", country: "United States" });
    const second = await customers.createAddress(id, address({ address1: "2 Elm St" }));
    expect(second.isDefault).toBe(false);
    const third = await customers.createAddress(id, address({ address1: "3 Oak St" }), { makeDefault: true });
    expect(third.isDefault).toBe(true);
    const list = await customers.listAddresses(id);
    expect(list.map((a) => a.id)).toEqual([third.id, first.id, second.id]);
    expect(list.filter((a) => a.isDefault)).toHaveLength(1);
  });

  it("holds exactly 50 addresses and refuses the 51st, changing nothing", async () => {
    const { id } = await newCustomer();
    for (let i = 1; i <= 50; i++) await customers.createAddress(id, address({ address1: `${i} Main St` }));
    const error = await refusal(customers.createAddress(id, address({ address1: "51 Main St" })));
    expect(error).toMatchObject({ code: "INVALID", message: "An address book holds up to 50 addresses." });
    expect(await customers.listAddresses(id)).toHaveLength(50);
  });

  it("moves the default to another address when the default is deleted, then to none", async () => {
    const { id } = await newCustomer();
    const first = await customers.createAddress(id, address());
    const second = await customers.createAddress(id, address({ address1: "2 Elm St" }));
    expect(await customers.deleteAddress(id, first.id)).toEqual({ deletedId: first.id, defaultAddressId: second.id });
    expect((await customers.getProfile(id)).defaultAddressId).toBe(second.id);
    expect(await customers.deleteAddress(id, second.id)).toEqual({ deletedId: second.id, defaultAddressId: null });
    expect(await customers.listAddresses(id)).toEqual([]);
  });

  it("keeps the default when another address is deleted, and sets one on request", async () => {
    const { id } = await newCustomer();
    const first = await customers.createAddress(id, address());
    const second = await customers.createAddress(id, address({ address1: "2 Elm St" }));
    const third = await customers.createAddress(id, address({ address1: "3 Oak St" }));
    await customers.deleteAddress(id, second.id);
    expect((await customers.getProfile(id)).defaultAddressId).toBe(first.id);
    expect((await customers.setDefaultAddress(id, third.id)).isDefault).toBe(true);
    expect((await customers.listAddresses(id))[0].id).toBe(third.id);
  });

  it("updates an address with the checkout's rules", async () => {
    const { id } = await newCustomer();
    const created = await customers.createAddress(id, address());
    const updated = await customers.updateAddress(id, created.id, address({ city: "Denver", zip: "80202-1234" }));
    expect(updated).toMatchObject({ city: "Denver", zip: "80202", isDefault: true });
    const error = await refusal(customers.updateAddress(id, created.id, address({ provinceCode: "PR" })));
    expect([error.code, error.field]).toEqual(["INVALID", "provinceCode"]);
    expect((await customers.getAddress(id, created.id)).provinceCode).toBe("CO");
  });

  it("answers NOT_FOUND for another customer's address and changes nothing", async () => {
    const owner = await newCustomer();
    const intruder = await newCustomer();
    await customers.createAddress(intruder.id, address({ address1: "9 Own Rd" }));
    const theirs = await customers.createAddress(owner.id, address());
    const before = await prisma.customerAddress.findUniqueOrThrow({ where: { id: theirs.id } });

    // One at a time: each refusal is awaited as soon as it is made.
    for (const attempt of [
      () => customers.updateAddress(intruder.id, theirs.id, address({ city: "Elsewhere" })),
      () => customers.deleteAddress(intruder.id, theirs.id),
      () => customers.setDefaultAddress(intruder.id, theirs.id),
      () => customers.getAddress(intruder.id, theirs.id),
    ]) {
      expect((await refusal(attempt())).code).toBe("NOT_FOUND");
    }
    expect(await prisma.customerAddress.findUniqueOrThrow({ where: { id: theirs.id } })).toEqual(before);
    expect((await customers.getProfile(owner.id)).defaultAddressId).toBe(theirs.id);
    expect((await customers.listAddresses(intruder.id)).map((a) => a.address1)).toEqual(["9 Own Rd"]);
  });
});

describe("metafields (shop-core spec sections 7-8: update-customer userErrors, delete-metafield)", () => {
  it("upserts valid metafields by namespace and key, and by id", async () => {
    const { id } = await newCustomer();
    const created = await customers.updateMetafields(id, [
      { namespace: "custom", key: "favourite_food", type: "single_line_text_field", value: "salmon" },
      { namespace: "custom", key: "pet_name", type: "single_line_text_field", value: "Rex" },
    ]);
    expect(created.userErrors).toEqual([]);
    expect(created.metafields.map((m) => [m.key, m.value])).toEqual([
      ["favourite_food", "salmon"],
      ["pet_name", "Rex"],
    ]);
    const foodField = created.metafields.find((m) => m.key === "favourite_food")!;
    const updated = await customers.updateMetafields(id, [
      { namespace: "custom", key: "favourite_food", type: "single_line_text_field", value: "lamb" },
      { id: created.metafields.find((m) => m.key === "pet_name")!.id, value: "Bo" },
    ]);
    expect(updated.userErrors).toEqual([]);
    expect(updated.metafields.map((m) => [m.id === foodField.id ? "same" : m.key, m.value])).toEqual([
      ["same", "lamb"],
      ["pet_name", "Bo"],
    ]);
  });

  it("reports each refused input in userErrors, writes none of them, and still writes the valid ones", async () => {
    const { id } = await newCustomer();
    const other = await newCustomer();
    const { metafields: otherFields } = await customers.updateMetafields(other.id, [
      { namespace: "profeeding", key: "ship_to_zip", type: "single_line_text_field", value: "80011" },
    ]);
    const result = await customers.updateMetafields(id, [
      { namespace: "profeeding", key: "empty", type: "single_line_text_field", value: "  " },
      { id: "no-such-metafield", value: "x" },
      { id: otherFields[0].id, value: "hijacked" },
      { namespace: "profeeding", key: "long", type: "single_line_text_field", value: "x".repeat(1001) },
      { namespace: "profeeding", key: "odd", type: "date_time", value: "2025-01-01" },
      { namespace: "profeeding", key: "flag", type: "boolean", value: "yes" },
      { namespace: "profeeding", key: "count", type: "number_integer", value: "1.5" },
      { namespace: "profeeding", key: "blob", type: "json", value: "{oops" },
      { namespace: "profeeding", key: "ok", type: "boolean", value: "true" },
    ]);
    expect(result.userErrors.map((e) => e.field)).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ["metafields", i, "value"]),
    );
    expect(result.userErrors.every((e) => e.message.length > 0)).toBe(true);
    expect(result.userErrors[4].message).toMatch(/not supported/);
    expect(result.metafields.map((m) => [m.key, m.type, m.value])).toEqual([["ok", "boolean", "true"]]);
    expect((await prisma.customerMetafield.findUniqueOrThrow({ where: { id: otherFields[0].id } })).value).toBe(
      "80011",
    );
  });

  it("accepts a value of exactly 1000 characters and valid json and integers", async () => {
    const { id } = await newCustomer();
    const result = await customers.updateMetafields(id, [
      { namespace: "ns", key: "text", type: "single_line_text_field", value: "x".repeat(1000) },
      { namespace: "ns", key: "json", type: "json", value: '{"a":[1,2]}' },
      { namespace: "ns", key: "int", type: "number_integer", value: "-42" },
    ]);
    expect(result.userErrors).toEqual([]);
    expect(result.metafields).toHaveLength(3);
  });

  it("deletes the customer's own metafield; another customer's is NOT_FOUND and stays", async () => {
    const { id } = await newCustomer();
    const other = await newCustomer();
    const mine = (
      await customers.updateMetafields(id, [{ namespace: "ns", key: "a", type: "single_line_text_field", value: "1" }])
    ).metafields[0];
    const theirs = (
      await customers.updateMetafields(other.id, [
        { namespace: "ns", key: "a", type: "single_line_text_field", value: "1" },
      ])
    ).metafields[0];
    expect((await refusal(customers.deleteMetafield(id, theirs.id))).code).toBe("NOT_FOUND");
    expect(await prisma.customerMetafield.count({ where: { id: theirs.id } })).toBe(1);
    expect(await customers.deleteMetafield(id, mine.id)).toEqual({ deletedId: mine.id });
    expect((await customers.getProfile(id)).metafields).toEqual([]);
  });
});
