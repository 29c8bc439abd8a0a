// The staff-feeding program on this worker's database: clinic search
// and join, registration, onboarding metafields (a refused one included), the
// registration guard, the JSON calls with jwt and sessionToken, and orders with
// program pricing, attestation and the monthly quota.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { DEFAULT_SHOP_TIME_ZONE } from "~/models/shop-time";
import { quotaMonthOf } from "~/models/staff-program-dates";
import { loader as rootLoader } from "~/root";
import { action as addressBookAction } from "~/routes/account.address-book";
import { action as fetchAddress } from "~/routes/api.embedded.fetch-address";
import { loader as getJwt } from "~/routes/api.embedded.get-jwt";
import { action as joinClinicCall } from "~/routes/api.embedded.join-clinic";
import { action as searchClinicCall } from "~/routes/api.embedded.search-clinic";
import { action as updateCustomerCall } from "~/routes/api.ecom.v1[.]0.update-customer";
import { action as registerAction, loader as registerLoader } from "~/routes/shelter.register";
import { siteGate } from "~/services/access/index.server";
import { checkouts } from "~/services/checkout/index.server";
import { commerce } from "~/services/commerce/index.server";
import { customers } from "~/services/customers/index.server";
import { identity, identityJwt } from "~/services/identity/index.server";
import { OrderError } from "~/services/orders/place.server";
import { createStaffProgram, StaffError } from "~/services/staff/staff.server";
import { staffProgram } from "~/services/staff/index.server";
import { callRoute, Jar, signedInJar } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

const STAFF = "http://staff.localhost:3000";
const CONSUMER = "http://localhost:3000";
const SETTINGS = { eligibleGroups: ["ZPRO", "ZSCH"], discountPercent: 30, monthlyQuotaCents: 50_000 };

beforeAll(ensureSeeded);

/** A new staff-site account (signed up, not registered with a clinic yet). */
async function newMember(label = "member") {
  const result = await identity.register({
    site: "HPSF",
    email: `${label}-${crypto.randomUUID()}@example.com`,
    password: "Program-2026",
    firstName: "Riley",
    lastName: label,
    acceptsMarketing: false,
  });
  if (!result.ok) throw new Error("register failed");
  return result.customerId;
}

const metafieldsOf = (customerId: string) =>
  prisma.customerMetafield.findMany({ where: { customerId, namespace: "profeeding" }, orderBy: { key: "asc" } });

const staffGet = (path: string, jar = new Jar()) => new Request(`${STAFF}${path}`, { headers: { Cookie: jar.header } });
const staffJson = (path: string, body: unknown, jar = new Jar(), origin = STAFF) =>
  new Request(`${origin}${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { Cookie: jar.header, "Content-Type": "application/json" },
  });

describe("clinic search (shop-core spec section 7, search-clinic)", () => {
  it("finds program clinics and schools by name, city or zip prefix, never another program's", async () => {
    const byName = await staffProgram.searchClinics({ searchType: "name", searchTerm: "Cherry Creek" });
    expect(byName.map((c) => c.groupID)).toEqual(["CLN-1002"]);
    expect(byName[0]).toMatchObject({ clinicID: "2000102", zip: "80206", SFHomeDeliveryOnly: false, kind: "clinic" });
    const byCity = await staffProgram.searchClinics({ searchType: "city", searchTerm: "Denver" });
    expect(byCity.map((c) => c.groupID)).toEqual(["CLN-1002"]); // Mile High Humane Shelter (Denver) is another program
    const byZip = await staffProgram.searchClinics({ searchType: "zip", searchTerm: "802" });
    expect(byZip.map((c) => c.groupID).sort()).toEqual(["CLN-1002", "CLN-1003", "CLN-1007"]);
    expect(await staffProgram.searchClinics({ searchType: "name", searchTerm: "Humane" })).toEqual([]);
  });

  it('ignores case in names and cities, on both databases (docs/rules.md "Database")', async () => {
    for (const searchTerm of ["cherry creek", "CHERRY CREEK", "cHeRrY"]) {
      const found = await staffProgram.searchClinics({ searchType: "name", searchTerm });
      expect(found.map((c) => c.groupID)).toEqual(["CLN-1002"]);
    }
    const byCity = await staffProgram.searchClinics({ searchType: "city", searchTerm: "denver" });
    expect(byCity.map((c) => c.groupID)).toEqual(["CLN-1002"]);
  });
});

describe("registration and join (shop-core spec sections 3-4)", () => {
  it("assigns the account group, ship-to and sold-to, onboards the metafields and the location", async () => {
    const customerId = await newMember();
    const before = await staffProgram.member(customerId);
    expect(before).toMatchObject({ isRegistered: false, isEligibleForPd: false, location: null });

    const member = await staffProgram.register(customerId, { roleCode: "DVM", groupId: "CLN-1002" });
    expect(member).toMatchObject({
      isRegistered: true,
      isEligibleForPd: true,
      programDiscountPercent: 30,
      accountGroup: "ZPRO",
      SF_PreferedShipTo: "2000102",
      SF_StoreSoldTo: "1000102",
      preferredAddress: "clinic",
      location: "80206::clinic",
    });
    expect(member.clinic?.name).toBe("Cherry Creek Veterinary Clinic");
    const meta = await metafieldsOf(customerId);
    expect(meta.map((m) => [m.key, m.value, m.type])).toEqual([
      ["clinic_zip", "80206", "single_line_text_field"],
      ["preferred_address", "clinic", "single_line_text_field"],
      ["ship_to", "2000102", "single_line_text_field"],
      ["sold_to", "1000102", "single_line_text_field"],
    ]);
    // Loading again changes nothing that is already right.
    expect(await staffProgram.onboard(customerId)).toEqual({ updated: [], refused: [], location: "80206::clinic" });
  });

  it("gives students their school's name and graduation year; a home-only clinic forces home", async () => {
    const student = await newMember("student");
    const year = new Date().getUTCFullYear() + 2;
    const member = await staffProgram.register(student, { roleCode: "VS", graduationYear: year, groupId: "SCH-2001" });
    expect(member).toMatchObject({ graduationYear: year, accountGroup: "ZSCH", isEligibleForPd: true });
    expect(member.currentSchoolName).toBe("Rocky Mountain College of Veterinary Medicine");

    const homeOnly = await newMember("homeonly");
    const atHome = await staffProgram.register(homeOnly, { roleCode: "VT", groupId: "CLN-1003" });
    expect(atHome.location).toBe("80226::home");
  });

  it("prices retail for an account group outside the eligible list, with the quota still applying", async () => {
    const customerId = await newMember("affiliate");
    const member = await staffProgram.register(customerId, { roleCode: "PM", groupId: "CLN-1007" });
    expect(member).toMatchObject({
      isRegistered: true,
      isEligibleForPd: false,
      programDiscountPercent: null,
      accountGroup: "ZAFF",
    });
    expect(await staffProgram.pricingTerms(customerId)).toEqual({
      programDiscountPercent: 0,
      quota: { month: quotaMonthOf(new Date(), DEFAULT_SHOP_TIME_ZONE), limitCents: 50_000 },
    });
  });

  it("refuses unknown ids, another program's clinic, the wrong kind and missing data, changing nothing", async () => {
    const customerId = await newMember("refused");
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => (error instanceof StaffError ? { code: error.code, status: error.status } : error),
      );
    expect(await refusal(staffProgram.register(customerId, { roleCode: "DVM", groupId: "CLN-9999" }))).toEqual({
      code: "CLINIC_NOT_FOUND",
      status: 404,
    });
    expect(await refusal(staffProgram.register(customerId, { roleCode: "DVM", groupId: "SHL-3001" }))).toEqual({
      code: "OTHER_PROGRAM",
      status: 422,
    });
    expect(
      await refusal(staffProgram.register(customerId, { roleCode: "VS", graduationYear: 2030, groupId: "CLN-1001" })),
    ).toEqual({
      code: "WRONG_KIND",
      status: 422,
    });
    expect(await refusal(staffProgram.register(customerId, { roleCode: "VS", groupId: "SCH-2001" }))).toEqual({
      code: "INVALID",
      status: 422,
    });
    const user = await prisma.identityUser.findFirstOrThrow({ where: { customerId } });
    expect(user).toMatchObject({ roleCode: null, sapCustomerAccountGroup: null, sfPreferedShipTo: null });
    expect((await prisma.customer.findUniqueOrThrow({ where: { id: customerId } })).clinicId).toBeNull();
    expect(await metafieldsOf(customerId)).toEqual([]);
  });

  it("refuses a consumer-site customer (the program is the staff site's)", async () => {
    const consumer = await identity.register({
      site: "DTC",
      email: `consumer-${crypto.randomUUID()}@example.com`,
      password: "Program-2026",
      firstName: "Cal",
      lastName: "Consumer",
      acceptsMarketing: false,
    });
    if (!consumer.ok) throw new Error("register failed");
    expect(await staffProgram.member(consumer.customerId)).toBeNull();
    await expect(staffProgram.joinClinic(consumer.customerId, "CLN-1001")).rejects.toMatchObject({
      code: "NOT_A_MEMBER",
      status: 403,
    });
  });
});

describe("onboarding metafields (shop-core spec sections 4 and 8: update-customer userErrors)", () => {
  it("does not record a refused metafield as updated", async () => {
    const customerId = await newMember("refusal");
    await staffProgram.register(customerId, { roleCode: "DVM", groupId: "CLN-1004" });
    await prisma.customerMetafield.deleteMany({ where: { customerId } });
    // The commerce provider refuses the second metafield of the call (sold_to).
    const refusing = createStaffProgram({
      db: prisma,
      settings: () => SETTINGS,
      customers: {
        async writeShopMetafields(id, inputs) {
          const [first, , ...rest] = inputs;
          const result = await customers.writeShopMetafields(id, [first, ...rest]);
          return { ...result, userErrors: [{ field: ["metafields", 1, "value"], message: "Sold-to is locked." }] };
        },
      },
    });
    const result = await refusing.onboard(customerId);
    expect(result.updated).toEqual(["ship_to", "preferred_address", "clinic_zip"]);
    expect(result.refused).toEqual([{ key: "sold_to", message: "Sold-to is locked." }]);
    expect(result.location).toBe("11201::clinic");
    expect((await metafieldsOf(customerId)).map((m) => m.key)).toEqual(["clinic_zip", "preferred_address", "ship_to"]);
  });

  it("keeps a member's choice of home and refuses past the metafield limit without losing the others", async () => {
    const customerId = await newMember("limit");
    await staffProgram.register(customerId, { roleCode: "DVM", groupId: "CLN-1001" });
    await staffProgram.setPreferredAddress(customerId, "home");
    await prisma.customerMetafield.deleteMany({ where: { customerId, key: { in: ["sold_to", "clinic_zip"] } } });
    // Fill the customer's metafields up to one short of the limit of 100.
    const count = await prisma.customerMetafield.count({ where: { customerId } });
    await prisma.customerMetafield.createMany({
      data: Array.from({ length: 99 - count }, (_, i) => ({
        customerId,
        namespace: "custom",
        key: `k${i}`,
        value: "x",
      })),
    });
    const result = await staffProgram.onboard(customerId);
    expect(result.updated).toEqual(["sold_to"]);
    expect(result.refused).toEqual([{ key: "clinic_zip", message: "A customer keeps up to 100 metafields." }]);
    expect(result.location).toBe("80012::home");
  });
});

describe("registration guard, and onboarding at registration (shop-core spec section 4)", () => {
  it("sends a signed-in member who is not registered to registration, on every kind of request, then lets them through", async () => {
    const customerId = await newMember("guard");
    const jar = await signedInJar(customerId, "HPSF");
    // The site-access gate in server.js (docs/rules.md "Site access"), as it sees each request.
    const gate = (method: string, path: string) => {
      const [pathname, query] = path.split("?");
      const search = query === undefined ? "" : `?${query}`;
      return siteGate({ method, host: "staff.localhost:3000", pathname, search, cookie: jar.header });
    };
    const sent = await gate("GET", "/products?sort=new");
    expect(sent).toMatchObject({ kind: "redirect", status: 302 });
    const location = new URL(sent?.kind === "redirect" ? sent.location : "/", STAFF);
    expect(location.pathname).toBe("/shelter/register");
    expect(Buffer.from(location.searchParams.get("redirect")!, "base64url").toString()).toBe("/products?sort=new");
    // A client navigation's data request and a form post are held too, not only the document.
    expect(await gate("GET", "/checkout?_data=routes%2Fcheckout")).toMatchObject({
      kind: "redirect",
      location: `/shelter/register?redirect=${Buffer.from("/checkout").toString("base64url")}`,
    });
    expect(await gate("POST", "/cart?index")).toMatchObject({ kind: "redirect", status: 303 });
    expect(await gate("POST", "/api/ecom/v1.0/add-cart-line-items")).toMatchObject({
      kind: "refuse",
      status: 403,
      code: "REGISTRATION_REQUIRED",
    });
    // Registering itself stays open.
    expect(await gate("GET", "/shelter/register")).toBeNull();
    expect(await gate("POST", "/shelter/register")).toBeNull();
    expect(await gate("POST", "/api/embedded/search-clinic")).toBeNull();
    expect(await gate("GET", "/terms-and-conditions")).toBeNull();
    expect((await callRoute(rootLoader, staffGet("/shelter/register", jar), jar)).status).toBe(200);

    // Registered elsewhere (the API): the next page load lets the member through and
    // writes nothing (docs/rules.md "Root loader: reads only"); the next sign-in onboards.
    await staffProgram.register(customerId, { roleCode: "DVM", groupId: "CLN-1006" });
    await prisma.customerMetafield.deleteMany({ where: { customerId } });
    expect(await gate("GET", "/products")).toBeNull();
    expect(await gate("POST", "/api/ecom/v1.0/add-cart-line-items")).toBeNull();
    const through = await callRoute(rootLoader, staffGet("/products", jar), jar);
    expect(through.status).toBe(200);
    expect(through.headers.get("Set-Cookie")).toBeNull();
    expect((await metafieldsOf(customerId)).length).toBe(0);
    const data = (await through.json()) as { staff: { isRegistered: boolean; showFtcNotice: boolean } };
    expect(data.staff).toMatchObject({ isRegistered: true, showFtcNotice: true });
  });

  it("holds nobody else: guests, consumer-site customers and the back office pass the registration guard", async () => {
    const customerId = await newMember("open");
    const jar = await signedInJar(customerId, "HPSF");
    const gate = (host: string, path: string, cookie: string | null) =>
      siteGate({ method: "GET", host, pathname: path, search: "", cookie });
    expect(await gate("staff.localhost:3000", "/products", null)).toBeNull();
    expect(await gate("staff.localhost:3000", "/admin/orders", jar.header)).toBeNull();
    expect(await gate("staff.localhost:3000", "/build/entry.client-X.js", jar.header)).toBeNull();
    // The staff session's cookie sent to the consumer site opens nothing there and closes nothing.
    expect(await gate("localhost:3000", "/products", jar.header)).toBeNull();
  });

  it("completes registration from the page without JavaScript, with errors beside the fields", async () => {
    const customerId = await newMember("page");
    const jar = await signedInJar(customerId, "HPSF");
    const searched = await callRoute(
      registerLoader,
      staffGet("/shelter/register?searchType=city&searchTerm=Aurora", jar),
      jar,
    );
    const page = (await searched.json()) as { step: string; results: { groupID: string }[] };
    expect(page.step).toBe("program");
    expect(page.results.map((r) => r.groupID)).toEqual(["CLN-1001"]);

    const post = (fields: Record<string, string>) =>
      callRoute(
        registerAction,
        new Request(`${STAFF}/shelter/register?redirect=${Buffer.from("/cart").toString("base64url")}`, {
          method: "POST",
          body: new URLSearchParams({ intent: "program", ...fields }),
          headers: { Cookie: jar.header, "Content-Type": "application/x-www-form-urlencoded" },
        }),
        jar,
      );
    const missing = await post({ roleCode: "", groupId: "" });
    expect(missing.status).toBe(400);
    const reply = (await missing.json()) as { error: Record<string, string[]> };
    expect(reply.error.roleCode).toEqual(["Choose what you do."]);
    expect(reply.error.groupId).toEqual(["Find your clinic or school and choose it."]);
    const otherProgram = await post({ roleCode: "DVM", groupId: "SHL-3002" });
    expect(otherProgram.status).toBe(422);
    expect(((await otherProgram.json()) as { error: Record<string, string[]> }).error.groupId[0]).toMatch(
      /not part of the staff-feeding program/,
    );
    const done = await post({ roleCode: "DVM", groupId: "CLN-1001" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/cart");
    const member = await staffProgram.member(customerId);
    expect(member?.isRegistered).toBe(true);
    // Onboarded at registration (docs/rules.md "Staff onboarding"): the metafields and the stored location.
    expect((await metafieldsOf(customerId)).map((m) => m.key)).toEqual([
      "clinic_zip",
      "preferred_address",
      "ship_to",
      "sold_to",
    ]);
    const { sessionStorage } = await import("~/services/http/session.server");
    const session = await sessionStorage.getSession(`__session=${jar.get("__session")}`);
    expect(session.get("userLocation")).toBe(member?.location);
    expect(member?.location).toMatch(/^\d{5}::(clinic|home)$/);
  });
});

describe('a member\'s stored location follows their addresses (docs/rules.md "Staff onboarding")', () => {
  it("stores the new home zip when a member who prefers home adds a default address", async () => {
    const customerId = await newMember("mover");
    await staffProgram.register(customerId, { roleCode: "DVM", groupId: "CLN-1001" });
    await staffProgram.setPreferredAddress(customerId, "home");
    const jar = await signedInJar(customerId, "HPSF");
    const fields = { intent: "create", firstName: "Jo", lastName: "Park", address1: "9 Pine St", city: "Denver" };
    const request = (zip: string) =>
      new Request(`${STAFF}/account/address-book`, {
        method: "POST",
        body: new URLSearchParams({ ...fields, provinceCode: "CO", zip, makeDefault: "on" }),
        headers: { Cookie: jar.header, "Content-Type": "application/x-www-form-urlencoded" },
      });
    const { sessionStorage } = await import("~/services/http/session.server");
    const locationIn = async () =>
      (await sessionStorage.getSession(`__session=${jar.get("__session")}`)).get("userLocation") as string;

    expect((await callRoute(addressBookAction, request("80202"), jar)).status).toBe(302);
    expect(await locationIn()).toBe("80202::home");
    expect((await callRoute(addressBookAction, request("80301"), jar)).status).toBe(302);
    expect(await locationIn()).toBe("80301::home");
  });
});

describe("staff-feeding JSON calls (shop-core spec section 7: jwt and sessionToken)", () => {
  async function caller() {
    const customerId = await newMember("api");
    const jar = await signedInJar(customerId, "HPSF");
    const answer = await callRoute(getJwt, staffGet("/api/embedded/get-jwt", jar), jar);
    const { jwt } = (await answer.json()) as { jwt: string };
    return { customerId, jar, jwt };
  }

  it("searches with a JWT, and answers 401 without one or with another customer's, 400 for a bad body, 404 off the staff site", async () => {
    const { jar, jwt } = await caller();
    const ok = await callRoute(
      searchClinicCall,
      staffJson("/api/embedded/search-clinic", { searchType: "zip", searchTerm: "11201", jwt }, jar),
    );
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { results: { groupID: string }[] }).results.map((r) => r.groupID)).toEqual([
      "CLN-1004",
    ]);
    const noJwt = await callRoute(
      searchClinicCall,
      staffJson("/api/embedded/search-clinic", { searchType: "zip", searchTerm: "11201" }, jar),
    );
    expect(noJwt.status).toBe(401);
    const other = await identityJwt.issue(await newMember("other"), "HPSF");
    const foreign = await callRoute(
      searchClinicCall,
      staffJson("/api/embedded/search-clinic", { searchType: "zip", searchTerm: "11201", jwt: other }, jar),
    );
    expect(foreign.status).toBe(401);
    const bad = await callRoute(
      searchClinicCall,
      staffJson("/api/embedded/search-clinic", { searchType: "state", searchTerm: "x", jwt }, jar),
    );
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(badBody.error.fields).sort()).toEqual(["searchTerm", "searchType"]);
    const consumerSite = await callRoute(
      searchClinicCall,
      staffJson("/api/embedded/search-clinic", { searchType: "zip", searchTerm: "11201", jwt }, jar, CONSUMER),
    );
    expect(consumerSite.status).toBe(404);
  });

  it("joins with a session token in the body, refuses unknown and other-program ids, and fetches a clinic address", async () => {
    const { customerId, jwt } = await caller();
    const sessionToken = await identity.createSession(customerId, "HPSF");
    const join = (groupID: string) =>
      callRoute(joinClinicCall, staffJson("/api/embedded/join-clinic", { groupID, jwt, sessionToken }));
    const unknown = await join("CLN-0000");
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { fields: Record<string, string> } }).error.fields.groupID).toMatch(
      /could not find/,
    );
    expect((await join("SHL-3001")).status).toBe(422);
    expect((await staffProgram.member(customerId))?.isRegistered).toBe(false);

    const joined = await join("CLN-1005");
    expect(joined.status).toBe(200);
    const { member } = (await joined.json()) as { member: Record<string, unknown> };
    expect(member).toMatchObject({ isRegistered: true, SF_PreferedShipTo: "2000105", location: "60614::home" });
    expect(member).not.toHaveProperty("roleCode");
    expect(joined.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);

    const address = await callRoute(
      fetchAddress,
      staffJson("/api/embedded/fetch-address", { clinicID: "2000105", jwt, sessionToken }),
    );
    expect(await address.json()).toEqual({
      clinicID: "2000105",
      name: "Lakeshore Pet Hospital",
      clinicAddress: {
        address1: "2300 N Clark St",
        address2: null,
        city: "Chicago",
        zip: "60614",
        countryCode: "US",
        provinceCode: "IL",
        phone: "312-555-0159",
        SFHomeDeliveryOnly: true,
      },
    });
    const missing = await callRoute(
      fetchAddress,
      staffJson("/api/embedded/fetch-address", { clinicID: "2000301", jwt, sessionToken }),
    );
    expect(missing.status).toBe(404);
  });
});

describe("ordering as a member (program pricing, clinic delivery, attestation, monthly quota)", () => {
  /** A registered member with a cart of `quantity` units of one staff-site variant, every checkout step done. */
  async function readyMember(quantity: number, groupId = "CLN-1002", member?: string) {
    const customerId = member ?? (await newMember("buyer"));
    if (!member) await staffProgram.register(customerId, { roleCode: "DVM", groupId });
    const variant = await prisma.productVariant.findFirstOrThrow({
      where: { product: { soldOnHpsf: true }, inventory: { gte: 50 }, priceCents: { gte: 2000 } },
      orderBy: { sku: "asc" },
    });
    const { cart } = await commerce.createCart({
      site: "HPSF",
      customerId,
      lines: [{ merchandiseId: variant.id, quantity }],
    });
    const checkout = await checkouts.open({ cart: cart!, customerId });
    await checkouts.saveContact(checkout.id, customerId, {
      email: `buyer-${customerId}@example.com`,
      acceptsMarketing: false,
    });
    await checkouts.saveShipping(checkout.id, customerId, { clinic: true });
    await checkouts.confirmDelivery(checkout.id, customerId);
    const year = new Date().getUTCFullYear() + 2;
    await checkouts.savePayment(checkout.id, customerId, {
      card: { number: "4242424242424242", expMonth: 12, expYear: year, cvc: "123" },
    });
    const priced = await checkouts.price((await checkouts.get(checkout.id))!, cart!);
    return { customerId, variant, key: checkout.id, cartId: cart!.id, priced };
  }

  const place = (ready: Awaited<ReturnType<typeof readyMember>>, attestation = true) =>
    checkouts.placeOrder({
      key: ready.key,
      site: "HPSF",
      customerId: ready.customerId,
      expectedTotalCents: ready.priced.totalCents,
      attestation,
      readCart: (id) => commerce.getCart(id),
    });

  it("orders to the clinic at program prices with the clinic attributes, and counts the quota", async () => {
    const ready = await readyMember(2);
    expect(ready.priced.programDiscountCents).toBe(Math.round(ready.priced.subtotalCents * 0.3));
    await expect(place(ready, false)).rejects.toMatchObject({ code: "ATTESTATION_REQUIRED" });
    const placed = await place(ready);
    const order = await prisma.order.findUniqueOrThrow({ where: { id: placed.id } });
    expect(order.programDiscountCents).toBe(ready.priced.programDiscountCents);
    expect(order.quotaCents).toBe(ready.priced.merchandiseCents);
    const attributes = new Map(
      (JSON.parse(order.attributes) as { key: string; value: string }[]).map((a) => [a.key, a.value]),
    );
    expect(Object.fromEntries(attributes)).toMatchObject({
      SALES_ORD_TYPE: "ZK01",
      SOLD_TO: "1000102",
      SHIP_TO: "2000102",
      shipping_location: "ship_to_work",
      is_clinic_address: "true",
      is_attestation_checked: "true",
    });
    expect(JSON.parse(order.shippingAddress)).toMatchObject({
      company: "Cherry Creek Veterinary Clinic",
      zip: "80206",
    });
    const member = await staffProgram.member(ready.customerId);
    expect(member?.quota.usedCents).toBe(ready.priced.merchandiseCents);
  });

  it('orders on the member\'s own clinic accounts whatever a client wrote (docs/rules.md "Shop-owned metafields")', async () => {
    const ready = await readyMember(1);
    const jar = await signedInJar(ready.customerId, "HPSF");
    const other = await prisma.clinic.findUniqueOrThrow({ where: { groupId: "CLN-1003" } });
    const forged = [
      { namespace: "profeeding", key: "sold_to", type: "single_line_text_field", value: other.soldTo },
      { namespace: "profeeding", key: "ship_to", type: "single_line_text_field", value: other.shipTo },
      { namespace: "profeeding", key: "clinic_zip", type: "single_line_text_field", value: other.zip },
    ];
    const response = await callRoute(
      updateCustomerCall,
      staffJson("/api/ecom/v1.0/update-customer", { customerId: ready.customerId, updateInput: forged }, jar),
    );
    expect(response.status).toBe(200);
    const { customerUpdate } = (await response.json()) as { customerUpdate: { userErrors: { field: unknown[] }[] } };
    expect(customerUpdate.userErrors.map((e) => e.field)).toEqual([0, 1, 2].map((i) => ["metafields", i, "value"]));
    // Even a row written before the rule (straight into the table) is never read for the order.
    await prisma.customerMetafield.updateMany({
      where: { customerId: ready.customerId, key: "sold_to" },
      data: { value: other.soldTo },
    });
    const placed = await place(ready);
    const order = await prisma.order.findUniqueOrThrow({ where: { id: placed.id } });
    const attributes = Object.fromEntries(
      (JSON.parse(order.attributes) as { key: string; value: string }[]).map((a) => [a.key, a.value]),
    );
    expect(attributes).toMatchObject({ SOLD_TO: "1000102", SHIP_TO: "2000102", SALES_ORD_TYPE: "ZK01" });
  });

  it("refuses an order past the monthly quota and changes nothing", async () => {
    const ready = await readyMember(1);
    const month = quotaMonthOf(new Date(), DEFAULT_SHOP_TIME_ZONE);
    const used = 50_000 - ready.priced.merchandiseCents + 1;
    await prisma.customer.update({ where: { id: ready.customerId }, data: { quotaMonth: month, quotaValue: used } });
    const stockBefore = ready.variant.inventory;
    const error = await place(ready).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OrderError);
    expect((error as OrderError).code).toBe("QUOTA_EXCEEDED");
    expect((error as OrderError).message).toMatch(/over your program allowance: you have \$[\d.,]+ left/);
    expect(await prisma.order.count({ where: { customerId: ready.customerId } })).toBe(0);
    const after = await prisma.customer.findUniqueOrThrow({ where: { id: ready.customerId } });
    expect(after.quotaValue).toBe(used);
    expect((await prisma.productVariant.findUniqueOrThrow({ where: { id: ready.variant.id } })).inventory).toBe(
      stockBefore,
    );
  });

  it('lets concurrent orders of one member spend the quota exactly once (docs/rules.md "Database")', async () => {
    const first = await readyMember(1);
    const rest = await Promise.all(Array.from({ length: 5 }, () => readyMember(1, "CLN-1002", first.customerId)));
    const all = [first, ...rest];
    const each = first.priced.merchandiseCents;
    // Room for exactly three of the six orders this month.
    const used = 50_000 - 3 * each;
    await prisma.customer.update({
      where: { id: first.customerId },
      data: { quotaMonth: quotaMonthOf(new Date(), DEFAULT_SHOP_TIME_ZONE), quotaValue: used },
    });
    const results = await Promise.allSettled(all.map((ready) => place(ready)));
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as OrderError] : []));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(refused.map((e) => e.code)).toEqual(["QUOTA_EXCEEDED", "QUOTA_EXCEEDED", "QUOTA_EXCEEDED"]);
    const after = await prisma.customer.findUniqueOrThrow({ where: { id: first.customerId } });
    expect(after.quotaValue).toBe(50_000);
    expect(await prisma.order.count({ where: { customerId: first.customerId, status: "paid" } })).toBe(3);
  });

  it("gives the quota back when the card is declined", async () => {
    const ready = await readyMember(1);
    const year = new Date().getUTCFullYear() + 2;
    await checkouts.savePayment(ready.key, ready.customerId, {
      card: { number: "4000000000000002", expMonth: 12, expYear: year, cvc: "123" },
    });
    await expect(place(ready)).rejects.toMatchObject({ code: "PAYMENT_DECLINED" });
    const after = await prisma.customer.findUniqueOrThrow({ where: { id: ready.customerId } });
    expect(after.quotaValue ?? 0).toBe(0);
  });

  it("raises the quota-reached flag on every page once nothing is left this month", async () => {
    const customerId = await newMember("reached");
    await staffProgram.register(customerId, { roleCode: "DVM", groupId: "CLN-1001" });
    const jar = await signedInJar(customerId, "HPSF");
    const flag = async () =>
      ((await (await callRoute(rootLoader, staffGet("/", jar), jar)).json()) as { staff: { quotaReached: boolean } })
        .staff.quotaReached;
    expect(await flag()).toBe(false);
    await prisma.customer.update({
      where: { id: customerId },
      data: { quotaMonth: quotaMonthOf(new Date(), DEFAULT_SHOP_TIME_ZONE), quotaValue: 50_000 },
    });
    expect(await flag()).toBe(true);
    // A new month starts from zero.
    await prisma.customer.update({ where: { id: customerId }, data: { quotaMonth: "2000-01" } });
    expect(await flag()).toBe(false);
  });

  it("refuses shipping to a home-delivery-only clinic", async () => {
    const customerId = await newMember("homeship");
    await staffProgram.register(customerId, { roleCode: "VT", groupId: "CLN-1005" });
    const variant = await prisma.productVariant.findFirstOrThrow({ where: { product: { soldOnHpsf: true } } });
    const { cart } = await commerce.createCart({
      site: "HPSF",
      customerId,
      lines: [{ merchandiseId: variant.id, quantity: 1 }],
    });
    const checkout = await checkouts.open({ cart: cart!, customerId });
    await expect(checkouts.saveShipping(checkout.id, customerId, { clinic: true })).rejects.toMatchObject({
      code: "ADDRESS_NOT_FOUND",
      message: "Lakeshore Pet Hospital does not take staff deliveries: program orders ship to your home.",
    });
  });
});
