// First-party analytics collection (docs/rules.md "Analytics"): POST /api/analytics/events
// stores the data layer's events under functional consent, refuses an unknown integration
// with 400 'Invalid analytics integration' (catalogue spec section 7), is bounded, and
// tracks nothing on the staff site. The same-origin guard lets the browser's post through.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import {
  cartLineItem,
  ecommerceEvent,
  MAX_ANALYTICS_BODY_BYTES,
  MAX_EVENTS_PER_POST,
  purchaseEvent,
  searchEvent,
} from "~/models/analytics";
import { CONSENT_COOKIE_NAME } from "~/models/consent";
import { checkRequest } from "~/models/request-guard";
import { action, loader } from "~/routes/api.analytics.events";
import { callRoute } from "../helpers/routes";

const DTC = "http://localhost:3000";
const STAFF = "http://staff.localhost:3000";
const PATH = "/api/analytics/events";
const FUNCTIONAL = `${CONSENT_COOKIE_NAME}=required.functional`;
const REJECTED = `${CONSENT_COOKIE_NAME}=required`;

const post = (body: unknown, cookie = FUNCTIONAL, origin = DTC) =>
  callRoute(
    action,
    new Request(`${origin}${PATH}`, {
      method: "POST",
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: { "Content-Type": "application/json", Cookie: cookie },
    }),
  );

const ITEMS = [
  cartLineItem({
    variantId: "v-1",
    productTitle: "Adult Chicken",
    brand: "science-diet",
    size: "15.5 lb",
    unitPriceCents: 6499,
    quantity: 2,
  }),
];
const ADD = ecommerceEvent("add_to_cart", ITEMS);
/** A transaction id unique to this test run, to find its rows. */
const marker = () => `test-${Date.now()}-${Math.random().toString(36).slice(2)}`;

async function rowsOf(transactionId: string) {
  const rows = await prisma.analyticsEvent.findMany({
    where: { payload: { contains: transactionId } },
    orderBy: { createdAt: "asc" },
  });
  return rows;
}

describe("POST /api/analytics/events", () => {
  let id: string;
  beforeEach(() => {
    id = marker();
  });

  it("stores each event's ecommerce part with its value in cents under functional consent; private, no-store", async () => {
    const purchase = purchaseEvent({ id, totalCents: 14345, taxCents: 947, shippingCents: 0, items: ITEMS });
    const response = await post({ integration: "shop", events: [ADD, purchase, searchEvent(id)] });
    expect(response.status).toBe(204);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const [row] = await rowsOf(`"transaction_id":"${id}"`);
    expect(row).toMatchObject({ site: "DTC", integration: "shop", event: "purchase", valueCents: 14345 });
    expect(JSON.parse(row.payload)).toEqual(purchase.ecommerce);
    const [search] = await rowsOf(`"search_term":"${id}"`);
    expect(search).toMatchObject({ event: "search", valueCents: null });
    expect(JSON.parse(search.payload)).toEqual({ search_term: id });
  });

  it("stores nothing without functional consent (rejected, or no choice yet) and answers 204", async () => {
    for (const cookie of [REJECTED, ""]) {
      const response = await post({ integration: "shop", events: [searchEvent(id)] }, cookie);
      expect(response.status).toBe(204);
    }
    expect(await rowsOf(id)).toEqual([]);
  });

  it("answers 400 'Invalid analytics integration' for an integration it does not know", async () => {
    for (const integration of ["ga4", "", "SHOP"]) {
      const response = await post({ integration, events: [searchEvent(id)] });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        "Invalid analytics integration",
      );
    }
    expect(await rowsOf(id)).toEqual([]);
  });

  it("answers 400 with a clear message to a malformed body, and stores nothing of it", async () => {
    const cases: unknown[] = [
      "{not json",
      [],
      { integration: "shop" },
      { integration: "shop", events: [] },
      { integration: "shop", events: [{ event: "page_view" }] },
      { integration: "shop", events: [{ event: "search", search_term: id, extra: 1 }] },
      { integration: "shop", events: [{ ...ADD, ecommerce: { ...ADD.ecommerce, value: "12" } }] },
      { integration: "shop", events: [{ event: "login", method: "magic" }] },
      { integration: "shop", events: [searchEvent(id)], more: true },
    ];
    for (const body of cases) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const { error } = (await response.json()) as { error: { code: string; message: string } };
      expect(error.message).toMatch(/analytics post/);
    }
    expect(await rowsOf(id)).toEqual([]);
  });

  it(`takes at most ${MAX_EVENTS_PER_POST} events and ${MAX_ANALYTICS_BODY_BYTES} bytes`, async () => {
    const events = Array.from({ length: MAX_EVENTS_PER_POST }, () => searchEvent(id));
    expect((await post({ integration: "shop", events })).status).toBe(204);
    expect(await rowsOf(id)).toHaveLength(MAX_EVENTS_PER_POST);
    const over = marker();
    expect(
      (
        await post({
          integration: "shop",
          events: Array.from({ length: MAX_EVENTS_PER_POST + 1 }, () => searchEvent(over)),
        })
      ).status,
    ).toBe(400);
    const big = { integration: "shop", events: [searchEvent(over)], pad: "x".repeat(MAX_ANALYTICS_BODY_BYTES) };
    expect((await post(big)).status).toBe(413);
    expect(await rowsOf(over)).toEqual([]);
  });

  it("answers 404 on the staff site, which tracks nothing, even with consent", async () => {
    const response = await post({ integration: "shop", events: [searchEvent(id)] }, FUNCTIONAL, STAFF);
    expect(response.status).toBe(404);
    expect(await rowsOf(id)).toEqual([]);
  });

  it("answers GET with 405", async () => {
    const response = await callRoute(loader, new Request(`${DTC}${PATH}`));
    expect(response.status).toBe(405);
  });

  it("passes the same-origin guard as the browser sends it, and refuses it from another origin", () => {
    const browserPost = (origin: string, fetchSite: string) =>
      checkRequest(
        {
          method: "POST",
          host: "localhost:3000",
          origin: DTC,
          pathname: PATH,
          headers: {
            origin,
            secFetchSite: fetchSite,
            cookie: FUNCTIONAL,
            contentType: "application/json",
            contentLength: "200",
          },
        },
        { enforceHosts: true, allowedHosts: ["localhost:3000"], siteOrigin: DTC },
      );
    expect(browserPost(DTC, "same-origin")).toBeNull();
    expect(browserPost("https://evil.example", "cross-site")).toMatchObject({ status: 403 });
  });
});
