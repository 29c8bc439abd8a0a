// The account pages' loaders and actions, posted the way a browser without
// JavaScript does, and the customer and address JSON API (shop-core
// spec sections 2, 3 and 7).
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { encodeRedirect } from "~/models/redirect-param";
import * as addressBook from "~/routes/account.address-book";
import * as accountLayout from "~/routes/account";
import * as dashboard from "~/routes/account.dashboard";
import * as myProfile from "~/routes/account.my-profile";
import * as profileAlias from "~/routes/account.profile";
import * as addressCreate from "~/routes/api.ecom.v1[.]0.customer-address-create";
import * as addressDelete from "~/routes/api.ecom.v1[.]0.customer-address-delete";
import * as addressUpdate from "~/routes/api.ecom.v1[.]0.customer-address-update";
import * as deleteMetafield from "~/routes/api.ecom.v1[.]0.delete-metafield";
import * as getCustomer from "~/routes/api.ecom.v1[.]0.get-embedded-customer";
import * as defaultAddress from "~/routes/api.ecom.v1[.]0.update-customer-default-address";
import * as updateCustomer from "~/routes/api.ecom.v1[.]0.update-customer";
import { SHOP_OWNED_METAFIELD_KEYS, SHOP_OWNED_METAFIELD_MESSAGE } from "~/models/customer-metafields";
import { customers } from "~/services/customers/index.server";
import { identity } from "~/services/identity/index.server";
import {
  callRoute,
  formRequest,
  getRequest,
  Jar,
  jsonRequest,
  signedInJar,
  type RouteHandler,
} from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

const PASSWORD = "kibble2024";
const ADDRESS = {
  firstName: "Jo",
  lastName: "Park",
  address1: "1 Main St",
  city: "Aurora",
  provinceCode: "CO",
  zip: "80011",
};

type Handler = RouteHandler;
interface Reply {
  error?: Record<string, string[] | null>;
  initialValue?: Record<string, unknown>;
}
interface ApiError {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** A customer of its own who can sign in, and a jar signed in as them. */
async function signedInCustomer() {
  const email = `acct-${crypto.randomUUID()}@example.com`;
  const result = await identity.register({
    site: "DTC",
    email,
    password: PASSWORD,
    firstName: "Jo",
    lastName: "Park",
    acceptsMarketing: false,
  });
  if (!result.ok) throw new Error("register failed");
  return { id: result.customerId, email, jar: await signedInJar(result.customerId) };
}

const run = (handler: Handler, request: Request, jar?: Jar) => callRoute(handler, request, jar);

const get = (handler: Handler, path: string, jar = new Jar()) => run(handler, getRequest(path, jar), jar);

const post = (handler: Handler, path: string, fields: Record<string, string>, jar = new Jar()) =>
  run(handler, formRequest(path, fields, jar), jar);

const api = (handler: Handler, call: string, body: unknown, jar = new Jar()) =>
  run(handler, jsonRequest(`/api/ecom/v1.0/${call}`, body, jar));

beforeAll(async () => {
  await ensureSeeded();
});

describe("account pages need sign-in (shop-core spec section 2 route guards)", () => {
  it.each([
    ["/account/dashboard", dashboard.loader],
    ["/account/my-profile", myProfile.loader],
    ["/account/profile", profileAlias.loader],
    ["/account/address-book?edit=abc", addressBook.loader],
  ])("sends a guest at %s to /shelter/login with the path as redirect", async (path, loader) => {
    const response = await get(loader as Handler, path);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/shelter/login?redirect=${encodeRedirect(path)}`);
  });

  it("refuses a guest's post the same way, changing nothing", async () => {
    const response = await post(myProfile.action as Handler, "/account/my-profile", {
      intent: "profile",
      firstName: "X",
      lastName: "Y",
    });
    expect(response.headers.get("Location")).toBe(`/shelter/login?redirect=${encodeRedirect("/account/my-profile")}`);
  });
});

describe("My Account dashboard (shop-core spec section 2)", () => {
  it("greets the customer and says when there are no orders, autoships or addresses", async () => {
    const { jar } = await signedInCustomer();
    const response = await get(dashboard.loader as Handler, "/account/dashboard", jar);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      firstName: "Jo",
      autoshipLabel: "subscriptions",
      lastOrder: null,
      autoships: { activeCount: 0, nextDate: null },
      defaultAddress: null,
      // The staff-feeding program block is the staff site's only.
      program: null,
      // No order has given anything (docs/rules.md "Donations").
      given: null,
    });
  });

  it("shows the last order, active autoships with the next date, and the default address", async () => {
    const { id, email, jar } = await signedInCustomer();
    const base = { site: "DTC", customerId: id, email, subtotalCents: 1000, shippingAddress: "{}" };
    const number = 800_000_000 + crypto.randomInt(100_000_000);
    await prisma.order.create({ data: { ...base, number, totalCents: 1000, createdAt: new Date("2025-01-02") } });
    const last = await prisma.order.create({
      data: { ...base, number: number + 1, totalCents: 2499, createdAt: new Date("2025-03-04T12:00:00Z") },
    });
    const variant = await prisma.productVariant.findFirstOrThrow({ orderBy: { sku: "asc" } });
    const plan = await prisma.sellingPlan.findFirstOrThrow();
    const subscription = (nextOrderDate: Date, cancelled = false) =>
      prisma.subscription.create({
        data: {
          customerId: id,
          productId: variant.productId,
          variantId: variant.id,
          contractId: `SC-ACCT-${crypto.randomUUID()}`,
          sellingPlanId: plan.id,
          frequencyDays: plan.frequencyDays,
          frequency: plan.name,
          quantity: 1,
          weight: 10,
          weightUnit: "lbs",
          startDate: new Date("2025-01-01"),
          nextOrderDate,
          cancelled,
        },
      });
    await subscription(new Date("2030-06-01T16:00:00Z"));
    await subscription(new Date("2030-05-01T16:00:00Z"));
    await subscription(new Date("2030-01-01T17:00:00Z"), true);
    await customers.createAddress(id, { ...ADDRESS, countryCode: "US" });

    const data = (await (await get(dashboard.loader as Handler, "/account/dashboard", jar)).json()) as Record<
      string,
      unknown
    >;
    expect(data.lastOrder).toEqual({
      href: `/account/orders/${last.id}`,
      number: String(number + 1),
      date: "March 4, 2025",
      total: "$24.99",
    });
    expect(data.autoships).toEqual({ activeCount: 2, nextDate: "May 1, 2030" });
    expect(data.defaultAddress).toBe("Jo Park, 1 Main St, Aurora, CO 80011");
  });

  it("offers saved cards and autoships in the navigation on the embedded provider (docs/rules.md 'Turned off on Shopify')", async () => {
    const { jar } = await signedInCustomer();
    const layout = (await (await get(accountLayout.loader as Handler, "/account/dashboard", jar)).json()) as {
      offers: unknown;
    };
    expect(layout.offers).toEqual({ savedCards: true, autoshipEngine: true });
  });
});

describe("My Profile without JavaScript (shop-core spec section 3)", () => {
  const action = myProfile.action as Handler;

  it("shows errors beside the fields and keeps what was typed", async () => {
    const { jar } = await signedInCustomer();
    const response = await post(
      action,
      "/account/my-profile",
      { intent: "profile", firstName: "", lastName: "Lee", phone: "call me" },
      jar,
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as Reply;
    expect(body.error?.firstName).toEqual(["Enter your first name."]);
    expect(body.error?.phone?.[0]).toMatch(/phone number/);
    expect(body.initialValue).toMatchObject({ lastName: "Lee", phone: "call me" });
  });

  it("saves the details and redirects back with a notice", async () => {
    const { id, jar } = await signedInCustomer();
    const response = await post(
      action,
      "/account/my-profile",
      { intent: "profile", firstName: "Robin", lastName: "Lee", phone: "303-555-0100", acceptsMarketing: "on" },
      jar,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account/my-profile");
    expect(response.headers.get("Set-Cookie")).toMatch(/__session=/);
    expect(await customers.getProfile(id)).toMatchObject({
      firstName: "Robin",
      lastName: "Lee",
      phone: "303-555-0100",
      acceptsMarketing: true,
    });
    // The account layout's greeting reads the new names, and only the names and email.
    expect(await customers.getNames(id)).toEqual({
      id,
      firstName: "Robin",
      lastName: "Lee",
      email: expect.any(String),
    });
    await expect(customers.getNames("no-such-customer")).rejects.toMatchObject({ code: "NOT_FOUND" });
    const page = (await (await get(myProfile.loader as Handler, "/account/my-profile", jar)).json()) as {
      profile: Record<string, unknown>;
    };
    expect(page.profile).toMatchObject({ firstName: "Robin", acceptsMarketing: true });
  });

  it("answers on /account/profile too, and redirects back there", async () => {
    const { jar } = await signedInCustomer();
    const response = await post(
      profileAlias.action as Handler,
      "/account/profile",
      { intent: "profile", firstName: "Sam", lastName: "Lee" },
      jar,
    );
    expect(response.headers.get("Location")).toBe("/account/profile");
  });

  it("refuses an email change with a wrong password, never sending the password back", async () => {
    const { id, email, jar } = await signedInCustomer();
    const response = await post(
      action,
      "/account/my-profile",
      { intent: "email", email: "new-address@example.com", currentPassword: "wrong-pass1" },
      jar,
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as Reply;
    expect(body.error?.currentPassword).toEqual(["That password is not right."]);
    expect(body.initialValue?.email).toBe("new-address@example.com");
    expect(body.initialValue?.currentPassword).toBeUndefined();
    expect((await customers.getProfile(id)).email).toBe(email);
  });

  it("refuses an email another account uses, beside the email field", async () => {
    const other = await signedInCustomer();
    const { jar } = await signedInCustomer();
    const response = await post(
      action,
      "/account/my-profile",
      { intent: "email", email: other.email, currentPassword: PASSWORD },
      jar,
    );
    expect(response.status).toBe(409);
    expect(((await response.json()) as Reply).error?.email?.[0]).toMatch(/already uses/);
  });

  it("changes the email with the password", async () => {
    const { id, jar } = await signedInCustomer();
    const next = `moved-${crypto.randomUUID()}@example.com`;
    const response = await post(
      action,
      "/account/my-profile",
      { intent: "email", email: next, currentPassword: PASSWORD },
      jar,
    );
    expect(response.status).toBe(302);
    expect((await customers.getProfile(id)).email).toBe(next);
  });

  it("checks the new password's rules and the confirmation, keeping no password", async () => {
    const { jar } = await signedInCustomer();
    const weak = await post(
      action,
      "/account/my-profile",
      { intent: "password", currentPassword: PASSWORD, newPassword: "short", confirmPassword: "shirt" },
      jar,
    );
    expect(weak.status).toBe(400);
    const body = (await weak.json()) as Reply;
    expect(body.error?.newPassword?.[0]).toBe("Use at least 8 characters.");
    expect(body.error?.confirmPassword).toEqual(["The new passwords do not match."]);
    expect(body.initialValue).not.toHaveProperty("currentPassword");
    expect(body.initialValue).not.toHaveProperty("newPassword");
    expect(body.initialValue).not.toHaveProperty("confirmPassword");

    const noDigit = await post(
      action,
      "/account/my-profile",
      { intent: "password", currentPassword: PASSWORD, newPassword: "onlyletters", confirmPassword: "onlyletters" },
      jar,
    );
    expect(((await noDigit.json()) as Reply).error?.newPassword).toEqual(["Use at least one letter and one digit."]);
  });

  it("refuses a wrong current password, then changes it with the right one", async () => {
    const { email, jar } = await signedInCustomer();
    const fields = { intent: "password", newPassword: "newkibble99", confirmPassword: "newkibble99" };
    const wrong = await post(action, "/account/my-profile", { ...fields, currentPassword: "nope-nope1" }, jar);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as Reply).error?.currentPassword).toEqual(["That password is not right."]);

    const right = await post(action, "/account/my-profile", { ...fields, currentPassword: PASSWORD }, jar);
    expect(right.status).toBe(302);
    expect((await identity.signIn({ store: "home", email, password: "newkibble99" })).ok).toBe(true);
  });
});

describe("Address Book without JavaScript (shop-core spec section 7)", () => {
  const action = addressBook.action as Handler;
  const PATH = "/account/address-book";

  it("refuses an address outside the rules beside its fields, keeping what was typed", async () => {
    const { id, jar } = await signedInCustomer();
    const response = await post(action, PATH, { intent: "create", ...ADDRESS, provinceCode: "PR", zip: "8001" }, jar);
    expect(response.status).toBe(400);
    const body = (await response.json()) as Reply;
    expect(body.error?.provinceCode).toEqual(["Choose a US state or DC."]);
    expect(body.error?.zip).toEqual(["Enter a 5-digit zip code."]);
    expect(body.initialValue).toMatchObject({ address1: "1 Main St", zip: "8001" });
    expect(await customers.listAddresses(id)).toEqual([]);
  });

  it("refuses a state that is not the zip's, on the state field, when adding or editing (docs/rules.md 'Pricing')", async () => {
    const { id, jar } = await signedInCustomer();
    const honolulu = { ...ADDRESS, city: "Honolulu", provinceCode: "OR", zip: "96813" };
    const response = await post(action, PATH, { intent: "create", ...honolulu }, jar);
    expect(response.status).toBe(400);
    expect(((await response.json()) as Reply).error).toEqual({
      provinceCode: ["Zip code 96813 is in Hawaii. Choose Hawaii, or check the zip code."],
    });
    expect(await customers.listAddresses(id)).toEqual([]);
    expect((await post(action, PATH, { intent: "create", ...ADDRESS }, jar)).status).toBe(302);
    const [saved] = await customers.listAddresses(id);
    const edit = await post(
      action,
      `${PATH}?edit=${saved.id}`,
      { intent: "update", id: saved.id, ...ADDRESS, city: "Los Angeles", provinceCode: "MT", zip: "90012" },
      jar,
    );
    expect(edit.status).toBe(400);
    expect(((await edit.json()) as Reply).error?.provinceCode?.[0]).toMatch(/^Zip code 90012 is in California/);
    expect((await customers.getAddress(id, saved.id)).provinceCode).toBe(ADDRESS.provinceCode);
  });

  it("adds, edits (?edit=), makes default and deletes addresses", async () => {
    const { id, jar } = await signedInCustomer();
    const added = await post(action, PATH, { intent: "create", ...ADDRESS }, jar);
    expect(added.headers.get("Location")).toBe(PATH);
    await post(action, PATH, { intent: "create", ...ADDRESS, address1: "2 Elm St" }, jar);
    const [first, second] = await customers.listAddresses(id);
    expect([first.isDefault, second.isDefault]).toEqual([true, false]);

    const page = (await (await get(addressBook.loader as Handler, `${PATH}?edit=${second.id}`, jar)).json()) as {
      addresses: unknown[];
      editing: { id: string } | null;
    };
    expect(page.addresses).toHaveLength(2);
    expect(page.editing?.id).toBe(second.id);

    const bad = await post(
      action,
      `${PATH}?edit=${second.id}`,
      { intent: "update", id: second.id, ...ADDRESS, city: "" },
      jar,
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Reply & { form: string }).form).toBe("update");

    await post(action, PATH, { intent: "update", id: second.id, ...ADDRESS, city: "Denver" }, jar);
    expect((await customers.getAddress(id, second.id)).city).toBe("Denver");

    await post(action, PATH, { intent: "default", id: second.id }, jar);
    expect((await customers.listAddresses(id))[0].id).toBe(second.id);

    const deleted = await post(action, PATH, { intent: "delete", id: second.id }, jar);
    expect(deleted.headers.get("Location")).toBe(PATH);
    expect((await customers.listAddresses(id)).map((a) => [a.id, a.isDefault])).toEqual([[first.id, true]]);
  });

  it("answers 404 for another customer's address and changes nothing", async () => {
    const owner = await signedInCustomer();
    const theirs = await customers.createAddress(owner.id, { ...ADDRESS, countryCode: "US" });
    const { jar } = await signedInCustomer();

    expect((await get(addressBook.loader as Handler, `${PATH}?edit=${theirs.id}`, jar)).status).toBe(404);
    for (const fields of [
      { intent: "update", id: theirs.id, ...ADDRESS, city: "Elsewhere" },
      { intent: "delete", id: theirs.id },
      { intent: "default", id: theirs.id },
    ]) {
      expect((await post(action, PATH, fields, jar)).status).toBe(404);
    }
    expect(await customers.listAddresses(owner.id)).toEqual([theirs]);
  });
});

describe("customer JSON API (shop-core spec section 7 'Account and commerce')", () => {
  const routes = {
    "get-embedded-customer": getCustomer,
    "update-customer": updateCustomer,
    "delete-metafield": deleteMetafield,
    "update-customer-default-address": defaultAddress,
    "customer-address-create": addressCreate,
    "customer-address-update": addressUpdate,
    "customer-address-delete": addressDelete,
  } as const;
  type Call = keyof typeof routes;
  const call = (name: Call, body: unknown, jar?: Jar) => api(routes[name].action as Handler, name, body, jar);

  it.each(Object.keys(routes) as Call[])("%s answers 401 UNAUTHENTICATED without a session", async (name) => {
    const response = await call(name, { customerId: "x", metafieldId: "x", addressId: "x", id: "x", address: ADDRESS });
    expect(response.status).toBe(401);
    expect(((await response.json()) as ApiError).error.code).toBe("UNAUTHENTICATED");
  });

  it.each(Object.keys(routes) as Call[])("%s answers 405 to GET", async (name) => {
    const response = (await (routes[name].loader as () => Response)()) as Response;
    expect(response.status).toBe(405);
  });

  it("refuses an unknown, revoked or other-site sessionToken with 401", async () => {
    const { id } = await signedInCustomer();
    const revoked = await identity.createSession(id, "DTC");
    await identity.revokeSession(revoked, "logout");
    for (const sessionToken of ["not-a-token", revoked, await identity.createSession(id, "HPSF")]) {
      expect((await call("get-embedded-customer", { sessionToken })).status).toBe(401);
    }
  });

  it("get-embedded-customer answers the profile, addresses and default address (cookie or sessionToken)", async () => {
    const { id, email, jar } = await signedInCustomer();
    const home = await customers.createAddress(id, { ...ADDRESS, countryCode: "US" });
    await customers.writeShopMetafields(id, [
      { namespace: "profeeding", key: "persisted_cart_id", type: "single_line_text_field", value: "cart-9" },
    ]);
    const byCookie = await call("get-embedded-customer", {}, jar);
    expect(byCookie.status).toBe(200);
    expect(byCookie.headers.get("Cache-Control")).toBe("private, no-store");
    const { customer } = (await byCookie.json()) as { customer: Record<string, unknown> };
    expect(customer).toMatchObject({
      id,
      email,
      firstName: "Jo",
      lastName: "Park",
      phone: null,
      acceptsMarketing: false,
      defaultAddressId: home.id,
      addresses: [home],
      defaultAddress: home,
      persistedCartMetafield: { id: expect.any(String), value: "cart-9" },
    });
    expect(customer.metafields).toHaveLength(1);

    const sessionToken = await identity.createSession(id, "DTC");
    const byToken = await call("get-embedded-customer", { sessionToken });
    expect(((await byToken.json()) as { customer: { id: string } }).customer.id).toBe(id);
  });

  it("update-customer writes valid metafields and reports refused ones in userErrors", async () => {
    const { id, jar } = await signedInCustomer();
    const response = await call(
      "update-customer",
      {
        customerId: id,
        updateInput: [
          { namespace: "profeeding", key: "ship_to_zip", type: "single_line_text_field", value: "80011" },
          { namespace: "profeeding", key: "clinic_zip", type: "single_line_text_field", value: "" },
          { id: "unknown-id", value: "x" },
        ],
      },
      jar,
    );
    expect(response.status).toBe(200);
    const { customerUpdate } = (await response.json()) as {
      customerUpdate: {
        customer: { id: string; metafields: { key: string; value: string }[] };
        userErrors: { field: unknown[]; message: string }[];
      };
    };
    expect(customerUpdate.customer.id).toBe(id);
    expect(customerUpdate.customer.metafields.map((m) => [m.key, m.value])).toEqual([["ship_to_zip", "80011"]]);
    expect(customerUpdate.userErrors).toEqual([
      { field: ["metafields", 1, "value"], message: SHOP_OWNED_METAFIELD_MESSAGE },
      { field: ["metafields", 2, "value"], message: "We could not find that metafield." },
    ]);
  });

  it('update-customer and delete-metafield never change the shop\'s own metafields (docs/rules.md "Shop-owned metafields")', async () => {
    const { id, jar } = await signedInCustomer();
    await customers.writeShopMetafields(
      id,
      SHOP_OWNED_METAFIELD_KEYS.map((key) => ({
        namespace: "profeeding",
        key,
        type: "single_line_text_field",
        value: `own-${key}`,
      })),
    );
    const before = await prisma.customerMetafield.findMany({ where: { customerId: id }, orderBy: { key: "asc" } });
    expect(before).toHaveLength(5);
    const writes = [
      // By namespace and key, every shop-owned key, and in other letter cases.
      ...SHOP_OWNED_METAFIELD_KEYS.map((key) => ({
        namespace: "profeeding",
        key,
        type: "single_line_text_field",
        value: "1000103",
      })),
      { namespace: "PROFEEDING", key: "Sold_To", type: "single_line_text_field", value: "1000103" },
      // By id.
      ...before.map((row) => ({ id: row.id, value: "1000103" })),
    ];
    const response = await call("update-customer", { customerId: id, updateInput: writes }, jar);
    expect(response.status).toBe(200);
    const { customerUpdate } = (await response.json()) as { customerUpdate: { userErrors: unknown[] } };
    expect(customerUpdate.userErrors).toEqual(
      writes.map((_, index) => ({ field: ["metafields", index, "value"], message: SHOP_OWNED_METAFIELD_MESSAGE })),
    );
    for (const row of before) {
      const refused = await call("delete-metafield", { metafieldId: row.id }, jar);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as ApiError).error.code).toBe("SHOP_OWNED");
    }
    expect(await prisma.customerMetafield.findMany({ where: { customerId: id }, orderBy: { key: "asc" } })).toEqual(
      before,
    );
  });

  it("update-customer answers 404 for another customer's id or metafield and writes nothing", async () => {
    const other = await signedInCustomer();
    const { metafields } = await customers.updateMetafields(other.id, [
      { namespace: "ns", key: "k", type: "single_line_text_field", value: "theirs" },
    ]);
    const { id, jar } = await signedInCustomer();
    const input = [{ namespace: "ns", key: "k", type: "single_line_text_field", value: "mine" }];
    const wrongCustomer = await call("update-customer", { customerId: other.id, updateInput: input }, jar);
    expect(wrongCustomer.status).toBe(404);
    expect(((await wrongCustomer.json()) as ApiError).error.code).toBe("NOT_FOUND");
    expect((await customers.getProfile(id)).metafields).toEqual([]);

    const theirField = await call(
      "update-customer",
      { customerId: id, updateInput: [{ id: metafields[0].id, value: "hijacked" }] },
      jar,
    );
    const body = (await theirField.json()) as { customerUpdate: { userErrors: unknown[] } };
    expect(body.customerUpdate.userErrors).toHaveLength(1);
    expect((await customers.getProfile(other.id)).metafields[0].value).toBe("theirs");
  });

  it("delete-metafield deletes the customer's own and answers 404 for another's", async () => {
    const other = await signedInCustomer();
    const theirs = (
      await customers.updateMetafields(other.id, [{ namespace: "ns", key: "k", type: "boolean", value: "true" }])
    ).metafields[0];
    const { id, jar } = await signedInCustomer();
    const mine = (
      await customers.updateMetafields(id, [{ namespace: "ns", key: "k", type: "boolean", value: "false" }])
    ).metafields[0];

    expect((await call("delete-metafield", { metafieldId: theirs.id }, jar)).status).toBe(404);
    expect(await prisma.customerMetafield.count({ where: { id: theirs.id } })).toBe(1);
    const response = await call("delete-metafield", { metafieldId: mine.id }, jar);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deletedId: mine.id });
  });

  it("address calls create (201), update, set default and delete, and answer 404 for another's address", async () => {
    const other = await signedInCustomer();
    const theirs = await customers.createAddress(other.id, { ...ADDRESS, countryCode: "US" });
    const { jar } = await signedInCustomer();

    const created = await call("customer-address-create", { address: { ...ADDRESS, address2: "", phone: null } }, jar);
    expect(created.status).toBe(201);
    const { address: first } = (await created.json()) as { address: { id: string; isDefault: boolean } };
    expect(first).toMatchObject({ ...ADDRESS, address2: null, phone: null, countryCode: "US", isDefault: true });
    const second = (
      (await (
        await call("customer-address-create", { address: { ...ADDRESS, address1: "2 Elm St" } }, jar)
      ).json()) as {
        address: { id: string; isDefault: boolean };
      }
    ).address;
    expect(second.isDefault).toBe(false);

    const updated = await call(
      "customer-address-update",
      { id: second.id, address: { ...ADDRESS, city: "Denver" } },
      jar,
    );
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as { address: { city: string } }).address.city).toBe("Denver");

    const madeDefault = await call("update-customer-default-address", { addressId: second.id }, jar);
    expect(madeDefault.status).toBe(200);
    const { customer } = (await madeDefault.json()) as { customer: { defaultAddress: { id: string } } };
    expect(customer.defaultAddress.id).toBe(second.id);

    const deleted = await call("customer-address-delete", { id: second.id }, jar);
    expect(await deleted.json()).toEqual({ deletedId: second.id, defaultAddressId: first.id });

    for (const [name, body] of [
      ["customer-address-update", { id: theirs.id, address: ADDRESS }],
      ["update-customer-default-address", { addressId: theirs.id }],
      ["customer-address-delete", { id: theirs.id }],
    ] as const) {
      const response = await call(name, body, jar);
      expect(response.status).toBe(404);
      expect(((await response.json()) as ApiError).error.code).toBe("NOT_FOUND");
    }
    expect(await customers.listAddresses(other.id)).toEqual([theirs]);
  });

  it.each([
    ["get-embedded-customer", { sessionToken: 42 }, "sessionToken"],
    ["update-customer", { customerId: "me" }, "updateInput"],
    ["update-customer", { customerId: "me", updateInput: [] }, "updateInput"],
    ["delete-metafield", {}, "metafieldId"],
    ["update-customer-default-address", { addressId: "" }, "addressId"],
    ["customer-address-create", { address: { ...ADDRESS, zip: "8001" } }, "address.zip"],
    ["customer-address-create", { address: { ...ADDRESS, provinceCode: "PR" } }, "address.provinceCode"],
    ["customer-address-create", { address: { ...ADDRESS, provinceCode: "OR", zip: "96813" } }, "address.provinceCode"],
    ["customer-address-update", { address: ADDRESS }, "id"],
    ["customer-address-delete", { id: 7 }, "id"],
  ] as const)("%s answers 400 with fields for a bad body (%j)", async (name, body, field) => {
    const { jar } = await signedInCustomer();
    const response = await call(name, body, jar);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ApiError;
    expect(error.fields).toHaveProperty([field]);
  });

  it("answers 400 MALFORMED_JSON for a body that is not JSON", async () => {
    const { jar } = await signedInCustomer();
    const response = await call("get-embedded-customer", "{not json", jar);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiError).error.code).toBe("MALFORMED_JSON");
  });
});
