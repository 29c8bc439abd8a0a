// The donation choice at the route level (docs/rules.md "Donation choice"): the cart and
// checkout loaders' widget and search, the /cart intents donation-cause and donation-extra
// (form posts and fetchers), GET /api/donations/charities, and the staff site without any.
// Against the seeded embedded store: every refusal is a 4xx with its message, never a 500.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { CART_INPUT_MESSAGES } from "~/models/cart-input";
import { DONATION_INPUT_MESSAGES as M } from "~/models/donation-forms";
import { DONATION_EXTRA_ATTRIBUTE, DONATION_TRACKING_ATTRIBUTE, EMBEDDED_DONATION_STORE_ID } from "~/models/donations";
import { loader as searchLoader } from "~/routes/api.donations.charities";
import { action as cartAction, loader as cartLoader } from "~/routes/cart";
import { loader as checkoutLoader } from "~/routes/checkout";
import { readCartId } from "~/services/commerce/index.server";
import { callRoute, flashedNotice, formRequest, getRequest, Jar, ORIGIN } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

const STAFF_ORIGIN = "http://staff.localhost:3000";

let variantId: string;
let staffVariantId: string;
let store: { defaultCauseId: string; featuredCauseIds: string[] };

beforeAll(async () => {
  await ensureSeeded();
  const variant = await prisma.productVariant.findFirstOrThrow({
    where: { inventory: { gt: 20 }, product: { soldOnDtc: true } },
    orderBy: { sku: "asc" },
  });
  variantId = variant.id;
  const staffVariant = await prisma.productVariant.findFirstOrThrow({
    where: { inventory: { gt: 20 }, product: { soldOnHpsf: true } },
    orderBy: { sku: "asc" },
  });
  staffVariantId = staffVariant.id;
  const row = await prisma.donationStore.findUniqueOrThrow({ where: { id: EMBEDDED_DONATION_STORE_ID } });
  store = { defaultCauseId: row.defaultCauseId ?? "", featuredCauseIds: JSON.parse(row.featuredCauseIds) as string[] };
});

interface Cause {
  id: string;
  name: string;
  logoUrl: string;
  categoryName: string;
  place: string | null;
}
interface Widget {
  show: boolean;
  donationCents: number;
  cause: Cause | null;
  featuredCauses: Cause[];
  letShoppersChoose: boolean;
  searchEnabled: boolean;
  offersRoundUp: boolean;
  addOnCents: number[];
  extra: { kind: string; cents?: number } | null;
  trackingId: string | null;
}
interface CartPage {
  cart: { id: string } | null;
  donation: Widget | null;
  donationSearch: { values: Record<string, string>; results: Cause[] | null; error: string | null } | null;
}

/** A form post to /cart as a browser sends it, on the consumer site or (origin) the staff site. */
const post = (jar: Jar, fields: Record<string, string>, origin = ORIGIN) => {
  const request =
    origin === ORIGIN
      ? formRequest("/cart", fields, jar)
      : new Request(`${origin}/cart`, {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { Cookie: jar.header, "Content-Type": "application/x-www-form-urlencoded" },
        });
  return callRoute(cartAction, request, jar);
};

async function cartPage(jar: Jar, path = "/cart", origin = ORIGIN): Promise<CartPage> {
  const request =
    origin === ORIGIN ? getRequest(path, jar) : new Request(`${origin}${path}`, { headers: { Cookie: jar.header } });
  const response = await callRoute(cartLoader, request, jar);
  expect(response.status).toBe(200);
  return (await response.json()) as CartPage;
}

async function cartWithItem(origin = ORIGIN, variant = variantId): Promise<Jar> {
  const jar = new Jar();
  const response = await post(jar, { intent: "add", variantId: variant, quantity: "2" }, origin);
  expect(response.status).toBe(302);
  return jar;
}

async function cartAttributes(jar: Jar): Promise<Record<string, string>> {
  const cart = await prisma.cart.findUniqueOrThrow({ where: { id: (await readCartId(getRequest("/", jar))) ?? "" } });
  const attributes = JSON.parse(cart.attributes) as { key: string; value: string }[];
  return Object.fromEntries(attributes.map((a) => [a.key, a.value]));
}

const search = (query: string, origin = ORIGIN) =>
  callRoute(searchLoader, new Request(`${origin}/api/donations/charities?${query}`));

describe("the cart page's donation panel", () => {
  it("says what the order gives to the store's default cause, with the featured causes and the extras offered", async () => {
    const { donation } = await cartPage(await cartWithItem());
    expect(donation).toMatchObject({ show: true, letShoppersChoose: true, searchEnabled: true, offersRoundUp: true });
    expect(donation!.donationCents).toBeGreaterThan(0);
    expect(donation!.cause?.id).toBe(store.defaultCauseId);
    expect(donation!.featuredCauses.map((c) => c.id)).toEqual(store.featuredCauseIds);
    expect(donation!.addOnCents).toEqual([100, 300, 500]);
    expect(donation!.extra).toBeNull();
  });

  it("shows nothing on the staff site, which gives no donations", async () => {
    const jar = await cartWithItem(STAFF_ORIGIN, staffVariantId);
    const { cart, donation } = await cartPage(jar, "/cart", STAFF_ORIGIN);
    expect(cart).not.toBeNull();
    expect(donation?.show ?? false).toBe(false);
    expect(donation?.featuredCauses ?? []).toEqual([]);
  });

  it("runs the page's own charity search (without JavaScript) and says why a bad one was not run", async () => {
    const jar = await cartWithItem();
    const charity = await prisma.charity.findFirstOrThrow({
      where: { categoryId: 3, city: { not: null } },
      orderBy: { id: "asc" },
    });
    const term = charity.name.split(" ")[0];
    const found = await cartPage(jar, `/cart?charity=${encodeURIComponent(term)}&location=&state=`);
    expect(found.donationSearch?.error).toBeNull();
    expect(found.donationSearch?.results?.map((c) => c.id)).toContain(charity.id);

    const refused = await cartPage(jar, "/cart?charity=p&state=ZZ");
    expect(refused.donationSearch).toEqual({
      values: { term: "p", location: "", state: "ZZ" },
      results: null,
      error: M.termTooShort,
    });
  });
});

describe("/cart donation-cause", () => {
  it("chooses a featured cause without JavaScript: back to the page with the notice; the widget and tracking record name it", async () => {
    const jar = await cartWithItem();
    const chosen = store.featuredCauseIds.find((id) => id !== store.defaultCauseId)!;
    const response = await post(jar, {
      intent: "donation-cause",
      causeId: chosen,
      redirectTo: "/checkout?step=review",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/checkout?step=review");
    const { donation } = await cartPage(jar);
    expect(donation?.cause?.id).toBe(chosen);
    expect(await flashedNotice(jar)).toEqual({
      tone: "success",
      message: `Your gift now goes to ${donation!.cause!.name}.`,
    });
    const trackingId = (await cartAttributes(jar))[DONATION_TRACKING_ATTRIBUTE];
    expect(trackingId).toBeTruthy();
    expect(await prisma.donationTracking.findUnique({ where: { id: trackingId } })).toMatchObject({ causeId: chosen });
  });

  it("answers a fetcher with JSON: 200 and the notice, or a 4xx with the message for an unknown cause", async () => {
    const jar = await cartWithItem();
    const chosen = store.featuredCauseIds[store.featuredCauseIds.length - 1];
    const ok = await post(jar, { intent: "donation-cause", causeId: chosen, _response: "json" });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { ok: boolean; notice: { tone: string; message: string } };
    expect(body).toMatchObject({ ok: true, notice: { tone: "success" } });
    expect(body.notice.message).toMatch(/^Your gift now goes to .+\.$/);

    const unknown = await post(jar, { intent: "donation-cause", causeId: "000000000", _response: "json" });
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect(unknown.status).toBeLessThan(500);
    const refused = (await unknown.json()) as { ok: boolean; notice: { tone: string; message: string } };
    expect(refused).toMatchObject({ status: "error", notice: { tone: "error" } });
    expect(refused.ok).toBeUndefined();
    expect(refused.notice.message).toMatch(/cause/i);
    // Nothing changed: the cart still gives to the cause chosen first.
    expect((await cartPage(jar)).donation?.cause?.id).toBe(chosen);
  });

  it("says an unknown cause as an error notice without JavaScript", async () => {
    const jar = await cartWithItem();
    const response = await post(jar, { intent: "donation-cause", causeId: "no-such-cause", redirectTo: "/cart" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cart");
    expect(await flashedNotice(jar)).toMatchObject({ tone: "error" });
  });

  it("refuses a missing or overlong cause id with a 400 before the donation service", async () => {
    const jar = await cartWithItem();
    const long = await post(jar, { intent: "donation-cause", causeId: "9".repeat(65), _response: "json" });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ status: "error", notice: { message: M.causeTooLong } });
    const missing = await post(jar, { intent: "donation-cause", _response: "json" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ notice: { message: M.chooseCause } });
  });

  it("refuses a choice without a cart: 404, not a 500", async () => {
    const response = await post(new Jar(), { intent: "donation-cause", causeId: "123456789", _response: "json" });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ notice: { tone: "error", message: "Your cart is empty." } });
  });
});

describe("/cart donation-extra", () => {
  it("keeps the round-up, an add-on or none on the cart, each with its notice", async () => {
    const jar = await cartWithItem();
    const cases: [string, string, unknown][] = [
      ["round-up", "Round-up added: it is worked out on your order total at checkout.", { kind: "round-up" }],
      ["add-on:300", "Add-on of $3.00 added.", { kind: "add-on", cents: 300 }],
      ["", "No extra gift.", null],
    ];
    for (const [extra, message, kept] of cases) {
      const response = await post(jar, { intent: "donation-extra", extra, _response: "json" });
      expect(response.status, extra).toBe(200);
      expect(await response.json()).toMatchObject({ ok: true, notice: { tone: "success", message } });
      expect((await cartPage(jar)).donation?.extra ?? null).toEqual(kept);
      expect((await cartAttributes(jar))[DONATION_EXTRA_ATTRIBUTE] ?? "").toBe(extra);
    }
    const page = await post(jar, { intent: "donation-extra", extra: "add-on:500", redirectTo: "/cart" });
    expect(page.status).toBe(302);
    expect(await flashedNotice(jar)).toEqual({ tone: "success", message: "Add-on of $5.00 added." });
  });

  it("refuses a malformed extra with a 400 and keeps what the cart had", async () => {
    const jar = await cartWithItem();
    await post(jar, { intent: "donation-extra", extra: "round-up", _response: "json" });
    for (const extra of ["add-on:700", "add-on:abc", "round-down", "add-on:-300"]) {
      const response = await post(jar, { intent: "donation-extra", extra, _response: "json" });
      expect(response.status, extra).toBe(400);
      expect(await response.json()).toMatchObject({ status: "error", error: { extra: [M.extra] } });
    }
    expect((await cartAttributes(jar))[DONATION_EXTRA_ATTRIBUTE]).toBe("round-up");
    const page = await post(jar, { intent: "donation-extra", extra: "lots", redirectTo: "/cart" });
    expect(page.status).toBe(302);
    expect(await flashedNotice(jar)).toEqual({ tone: "error", message: M.extra });
  });

  it("the generic attributes intent may not set donation_extra", async () => {
    const jar = await cartWithItem();
    const response = await post(jar, {
      intent: "attributes",
      key: DONATION_EXTRA_ATTRIBUTE,
      value: "add-on:500",
      _response: "json",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      notice: { message: CART_INPUT_MESSAGES.donationKey(DONATION_EXTRA_ATTRIBUTE) },
    });
    expect((await cartAttributes(jar))[DONATION_EXTRA_ATTRIBUTE]).toBeUndefined();
  });

  it("refuses the choices on the staff site with a 4xx", async () => {
    const jar = await cartWithItem(STAFF_ORIGIN, staffVariantId);
    for (const fields of [
      { intent: "donation-extra", extra: "round-up" } as Record<string, string>,
      { intent: "donation-cause", causeId: store.defaultCauseId },
    ]) {
      const response = await post(jar, { ...fields, _response: "json" }, STAFF_ORIGIN);
      expect(response.status, fields.intent).toBe(422);
    }
  });
});

describe("GET /api/donations/charities", () => {
  it("answers the charities found for a term, city or zip and state", async () => {
    const charity = await prisma.charity.findFirstOrThrow({
      where: { categoryId: 3, city: { not: null }, state: { not: null } },
      orderBy: { id: "asc" },
    });
    const term = encodeURIComponent(charity.name.split(" ")[0]);
    const response = await search(`term=${term}&location=${encodeURIComponent(charity.city!)}&state=${charity.state}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const { results } = (await response.json()) as { results: Cause[] };
    const hit = results.find((c) => c.id === charity.id);
    expect(hit).toMatchObject({ name: charity.name, categoryName: "Animal-Related" });
    expect(hit?.logoUrl).toBeTruthy();
    expect(results.length).toBeLessThanOrEqual(25);
  });

  it("refuses a bad query with a 400 whose message says what is wrong", async () => {
    const cases: [string, string, string][] = [
      ["", "term", M.termTooShort],
      ["term=p", "term", M.termTooShort],
      [`term=${"p".repeat(101)}`, "term", M.termTooLong],
      [`term=paws&location=${"x".repeat(61)}`, "location", M.locationTooLong],
      ["term=paws&state=ZZ", "state", M.state],
    ];
    for (const [query, field, message] of cases) {
      const response = await search(query);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({
        error: { code: "INVALID_REQUEST", message, fields: { [field]: message } },
      });
    }
  });

  it("does not exist on the staff site, and takes only GET", async () => {
    expect((await search("term=paws", STAFF_ORIGIN)).status).toBe(404);
    const { action } = await import("~/routes/api.donations.charities");
    const response = await callRoute(action, new Request(`${ORIGIN}/api/donations/charities`, { method: "POST" }));
    expect(response.status).toBe(405);
  });
});

describe("the checkout's donation", () => {
  it("starts the cart's tracking record once the checkout is open, and shows the panel at review", async () => {
    const jar = await cartWithItem();
    expect((await cartAttributes(jar))[DONATION_TRACKING_ATTRIBUTE]).toBeUndefined();
    const response = await callRoute(checkoutLoader, getRequest("/checkout", jar), jar);
    expect(response.status).toBe(200);
    const trackingId = (await cartAttributes(jar))[DONATION_TRACKING_ATTRIBUTE];
    expect(trackingId).toBeTruthy();
    expect(await prisma.donationTracking.count({ where: { id: trackingId } })).toBe(1);
    // Opened again, the same record.
    await callRoute(checkoutLoader, getRequest("/checkout", jar), jar);
    expect((await cartAttributes(jar))[DONATION_TRACKING_ATTRIBUTE]).toBe(trackingId);
    // Before review the panel is not shown (the contact step is open).
    expect(((await response.json()) as { donation: Widget | null }).donation).toBeNull();
  });
});
