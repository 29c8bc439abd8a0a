// The remote donation adapter against a fake ShoppingGives API on loopback (faked at the
// network edge, tests/helpers/shoppinggives-server.ts): every call of catalogue spec section 7
// with its method, path, query or body and the `x-store-id` header, the parsed answers, and
// every failure (500, time-out, a reset, a redirect, a body that is not JSON or not the shape)
// raised as ShoppingGivesApiError with the call's message of catalogue spec section 8
// (docs/rules.md "Donations").
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  DONATION_ERROR,
  DONATION_SDK_ENVIRONMENTS,
  ShoppingGivesApiError,
  charitySearchQuery,
  donationApiBaseUrl,
} from "~/models/donations";
import { createRemoteDonations } from "~/services/donations/remote.server";
import type { DonationProvider } from "~/services/donations/types";
import {
  FAKE_PORTFOLIO_ID,
  startShoppingGivesServer,
  type FakeShoppingGives,
  type ShoppingGivesRoute,
} from "../helpers/shoppinggives-server";

let sg: FakeShoppingGives;
let donations: DonationProvider;

beforeAll(async () => {
  sg = await startShoppingGivesServer();
  donations = createRemoteDonations({ storeId: sg.storeId, baseUrl: sg.baseUrl });
});

afterAll(async () => {
  await sg.stop();
});

beforeEach(() => {
  sg.heal();
  sg.requests.length = 0;
});

const only = (route: ShoppingGivesRoute) => {
  const requests = sg.requestsTo(route);
  expect(requests).toHaveLength(1);
  return requests[0];
};

async function failureOf(promise: Promise<unknown>): Promise<ShoppingGivesApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ShoppingGivesApiError);
  return error as ShoppingGivesApiError;
}

const startTracking = () => donations.startTracking({ storeId: sg.storeId, isTestMode: false, isForceTestMode: false });

describe("the calls of catalogue spec section 7", () => {
  it("GET stores/cc-small/none answers the store", async () => {
    expect(await donations.getStore()).toEqual(sg.store);
    const request = only("store");
    expect(request).toMatchObject({ method: "GET", path: "/stores/cc-small/none", search: "", body: null });
    expect(request.headers).toMatchObject({ "x-store-id": sg.storeId, accept: "application/json" });
  });

  it("GET stores/cc-small/none takes the defaults of optional fields and drops unknown ones", async () => {
    const saved = sg.store;
    sg.store = {
      id: saved.id,
      name: saved.name,
      activeCampaigns: [1, 3, 99],
      defaultDonation: 2,
      defaultDonationType: 1,
      isActive: true,
      futureField: "x",
    } as unknown as typeof saved;
    try {
      expect(await donations.getStore()).toEqual({
        id: saved.id,
        name: saved.name,
        activeCampaigns: [1, 3],
        causeMultipliers: {},
        defaultCauseId: null,
        defaultCauseIds: [],
        featuredCauseIds: [],
        defaultDonation: 2,
        defaultDonationType: 1,
        letShoppersChoose: false,
        searchEnabled: false,
        isActive: true,
        customCSS: "",
        targetCssSelector: "",
        isEmbeddedConfirmation: false,
        primaryCurrency: "USD",
        customerSegments: [],
      });
    } finally {
      sg.store = saved;
    }
  });

  it("GET products/donation-by-cms-id sends cmsId and realPrice, the cause and segment only when set", async () => {
    const plain = await donations.getProductDonation({ cmsId: "sku-1", realPrice: 24.99, providedCauseId: null });
    expect(only("productDonation")).toMatchObject({
      method: "GET",
      path: "/products/donation-by-cms-id",
      search: "cmsId=sku-1&realPrice=24.99",
    });
    // 1% of $24.99 to the default cause.
    expect(plain).toEqual({
      donationRecipients: [{ causeId: "12-3456789", causeName: "Paws Rescue League", amount: 0.25 }],
      lineItems: [{ cmsId: "sku-1", donationAmount: 0.25 }],
      totalDonationAmount: 0.25,
      cartDonation: 0.25,
      showWidget: true,
    });

    sg.requests.length = 0;
    const chosen = await donations.getProductDonation({
      cmsId: "sku 1/2",
      realPrice: 30,
      providedCauseId: FAKE_PORTFOLIO_ID,
      customerSegmentId: "seg-subscribers",
    });
    expect(only("productDonation").query).toEqual({
      cmsId: "sku 1/2",
      realPrice: "30",
      providedCauseId: FAKE_PORTFOLIO_ID,
      customerSegmentId: "seg-subscribers",
    });
    // The segment gives $0.50 flat, the portfolio doubles it.
    expect(chosen.totalDonationAmount).toBe(1);
    expect(chosen.donationRecipients).toEqual([
      { causeId: FAKE_PORTFOLIO_ID, causeName: "Animal Welfare Portfolio", amount: 1 },
    ]);
  });

  it("POST products/get-multiple-donation sends the cart as JSON", async () => {
    const input = {
      cmsIds: [
        { id: "sku-1", price: 10, quantity: 2, discount: 1 },
        { id: "sku-2", price: 5.5, quantity: 1, discount: 0 },
      ],
      cartDiscount: 2,
      ignoreDirectDonations: false,
      providedCauseId: "98-7654321",
    };
    const answer = await donations.getCartDonation(input);
    const request = only("cartDonation");
    expect(request).toMatchObject({ method: "POST", path: "/products/get-multiple-donation", search: "" });
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.body).toEqual({ ...input, customerSegmentId: null });
    // 1% of $19 and of $5.50, less 1% of the $2 cart discount.
    expect(answer).toEqual({
      donationRecipients: [{ causeId: "98-7654321", causeName: "Shelter Friends of Denver", amount: 0.23 }],
      lineItems: [
        { cmsId: "sku-1", donationAmount: 0.19 },
        { cmsId: "sku-2", donationAmount: 0.06 },
      ],
      totalDonationAmount: 0.23,
      cartDonation: 0.23,
      showWidget: true,
    });
  });

  it("GET charities/search sends the query of catalogue spec section 5, leaving out unset parameters", async () => {
    const byZip = await donations.searchCharities(charitySearchQuery({ term: "paws", location: "78701", state: "tx" }));
    expect(only("searchCharities")).toMatchObject({
      method: "GET",
      path: "/charities/search",
      search: "q=paws&skip=0&take=25&zip=78701&state=TX&categoryId=3",
    });
    // The answer's unknown field (isVerified) is dropped.
    expect(byZip).toEqual([sg.charities[0]]);

    sg.requests.length = 0;
    const byCity = await donations.searchCharities(charitySearchQuery({ term: "", location: "Denver" }));
    expect(only("searchCharities").search).toBe("q=&skip=0&take=25&city=Denver&categoryId=3");
    expect(byCity.map((c) => c.name)).toEqual(["Shelter Friends of Denver"]);
  });

  it("GET charities/search-by-eins sends the EINs comma-joined in one parameter, and makes no call for none", async () => {
    const found = await donations.charitiesByEins(["45-6789012", "12-3456789"]);
    const request = only("charitiesByEins");
    expect(request).toMatchObject({ method: "GET", path: "/charities/search-by-eins" });
    expect(request.query).toEqual({ eins: "45-6789012,12-3456789" });
    // A charity without logo, website or address gets its category's default logo and nulls.
    expect(found).toEqual([
      {
        id: "45-6789012",
        ein: "45-6789012",
        name: "Ocean Cleanup Fund",
        website: null,
        logoUrl: "/donation-logos/category-2.svg",
        address: null,
        description: "",
        categoryId: 2,
        categoryName: "Environment",
        multiplier: 1,
        portfolioCharities: [],
      },
      sg.charities[0],
    ]);

    sg.requests.length = 0;
    expect(await donations.charitiesByEins([])).toEqual([]);
    expect(await donations.charitiesByEins([" "])).toEqual([]);
    expect(sg.requests).toHaveLength(0);
  });

  it("GET portfolios/cc-query-with-charities answers the portfolio with its charities, null when unknown", async () => {
    expect(await donations.portfolio(FAKE_PORTFOLIO_ID)).toEqual(sg.portfolios[0]);
    expect(only("portfolio")).toMatchObject({
      method: "GET",
      path: "/portfolios/cc-query-with-charities",
      search: `id=${FAKE_PORTFOLIO_ID}`,
    });
    expect(await donations.portfolio("0".repeat(32))).toBeNull();
  });

  it("POST tracking starts a record; PUT set-cause and GET cause update and read it", async () => {
    const started = await donations.startTracking({ storeId: sg.storeId, isTestMode: true, isForceTestMode: false });
    expect(started).toEqual({ trackingId: expect.stringMatching(/^[0-9a-f]{32}$/), causeId: null, causeName: null });
    const start = only("startTracking");
    expect(start).toMatchObject({ method: "POST", path: "/tracking" });
    expect(start.body).toEqual({ storeId: sg.storeId, isTestMode: true, isForceTestMode: false });
    expect(sg.trackings.get(started.trackingId)).toMatchObject({ isTestMode: true, isForceTestMode: false });

    const chosen = { causeId: "98-7654321", causeName: "Shelter Friends of Denver" };
    expect(await donations.setCause(started.trackingId, chosen)).toEqual({ trackingId: started.trackingId, ...chosen });
    const set = only("setCause");
    expect(set).toMatchObject({ method: "PUT", path: `/tracking/${started.trackingId}/set-cause`, body: chosen });

    expect(await donations.getCause(started.trackingId)).toEqual({ trackingId: started.trackingId, ...chosen });
    expect(only("getCause")).toMatchObject({ method: "GET", path: `/tracking/${started.trackingId}/cause` });
  });

  it("GET tracking/{id}/cause is null for a record the service does not have; the id is one encoded path segment", async () => {
    expect(await donations.getCause("a/b c?d")).toBeNull();
    expect(only("getCause").path).toBe("/tracking/a%2Fb%20c%3Fd/cause");
  });

  it("refuses a tracking id that a URL would resolve away, without a call", async () => {
    for (const id of ["", ".", ".."]) {
      const error = await failureOf(donations.getCause(id));
      expect(error.message).toBe(DONATION_ERROR.updateTracking);
      expect(error.status).toBeNull();
    }
    expect(sg.requests).toHaveLength(0);
  });

  it("PUT add-integration-info and set-confirmation-data send their bodies", async () => {
    const { trackingId } = await startTracking();
    await donations.addIntegrationInfo(trackingId, { integrationType: "shop", info: { cartId: "cart-1" } });
    expect(only("addIntegrationInfo")).toMatchObject({
      method: "PUT",
      path: `/tracking/${trackingId}/add-integration-info`,
      body: { integrationType: "shop", info: { cartId: "cart-1" } },
    });

    const confirmation = {
      totalDonationAmount: 3.45,
      causes: [{ causeId: "12-3456789", causeName: "Paws Rescue League", amount: 3.45 }],
    };
    await donations.setConfirmationData(trackingId, confirmation);
    expect(only("setConfirmationData")).toMatchObject({
      method: "PUT",
      path: `/tracking/${trackingId}/set-confirmation-data`,
      body: { confirmationData: confirmation },
    });
    expect(sg.trackings.get(trackingId)).toMatchObject({
      integrationInfo: [{ integrationType: "shop", info: { cartId: "cart-1" } }],
      confirmationData: confirmation,
    });
  });

  it("POST clickstream/events sends the event, the client properties, the store id and the tracking id", async () => {
    const event = {
      event: "cause-selected",
      properties: { causeId: "12-3456789" },
      storeId: sg.storeId,
      trackingId: null,
    };
    await donations.sendEvent(event);
    expect(only("clickstream")).toMatchObject({ method: "POST", path: "/clickstream/events", body: event });
    expect(sg.events).toEqual([event]);
  });
});

/** Every call, with the route it makes and the message it raises (catalogue spec sections 7 and 8). */
const CALLS: {
  route: ShoppingGivesRoute;
  message: string;
  /** The answer's body is read (the other calls need only a 2xx). */
  reads: boolean;
  /** Makes the call; `trackingId` names the record of the tracking calls. */
  run: (d: DonationProvider, trackingId?: string) => Promise<unknown>;
}[] = [
  { route: "store", message: DONATION_ERROR.retrieveStore, reads: true, run: (d) => d.getStore() },
  {
    route: "productDonation",
    message: DONATION_ERROR.productDonation,
    reads: true,
    run: (d) => d.getProductDonation({ cmsId: "sku-1", realPrice: 10 }),
  },
  {
    route: "cartDonation",
    message: DONATION_ERROR.cartDonation,
    reads: true,
    run: (d) =>
      d.getCartDonation({
        cmsIds: [{ id: "sku-1", price: 10, quantity: 1, discount: 0 }],
        cartDiscount: 0,
        ignoreDirectDonations: false,
      }),
  },
  {
    route: "searchCharities",
    message: DONATION_ERROR.searchCharities,
    reads: true,
    run: (d) => d.searchCharities(charitySearchQuery({ term: "paws" })),
  },
  {
    route: "charitiesByEins",
    message: DONATION_ERROR.charitiesByEin,
    reads: true,
    run: (d) => d.charitiesByEins(["12-3456789"]),
  },
  { route: "portfolio", message: DONATION_ERROR.portfolios, reads: true, run: (d) => d.portfolio(FAKE_PORTFOLIO_ID) },
  {
    route: "startTracking",
    message: DONATION_ERROR.startTracking,
    reads: true,
    run: (d) => d.startTracking({ storeId: sg.storeId, isTestMode: false, isForceTestMode: false }),
  },
  {
    route: "setCause",
    message: DONATION_ERROR.updateTracking,
    reads: true,
    run: (d, id = "t-1") => d.setCause(id, { causeId: "12-3456789", causeName: "Paws Rescue League" }),
  },
  { route: "getCause", message: DONATION_ERROR.updateTracking, reads: true, run: (d, id = "t-1") => d.getCause(id) },
  {
    route: "addIntegrationInfo",
    message: DONATION_ERROR.updateTracking,
    reads: false,
    run: (d, id = "t-1") => d.addIntegrationInfo(id, { integrationType: "shop", info: {} }),
  },
  {
    route: "setConfirmationData",
    message: DONATION_ERROR.updateTracking,
    reads: false,
    run: (d, id = "t-1") => d.setConfirmationData(id, { totalDonationAmount: 0, causes: [] }),
  },
  {
    route: "clickstream",
    message: DONATION_ERROR.updateTracking,
    reads: false,
    run: (d, id = "t-1") => d.sendEvent({ event: "widget-shown", properties: {}, storeId: sg.storeId, trackingId: id }),
  },
];

describe("x-store-id (docs/rules.md 'Donations')", () => {
  it("every call carries the store's x-store-id header", async () => {
    const { trackingId } = await startTracking();
    sg.requests.length = 0;
    // Each call answers 2xx (a real record for the tracking calls), so nothing short-cuts the header check.
    for (const { run } of CALLS) await run(donations, trackingId);
    expect(sg.requests.map((r) => r.route)).toEqual(CALLS.map((c) => c.route));
    for (const request of sg.requests) expect(request.headers["x-store-id"], request.path).toBe(sg.storeId);
  });

  it("a store id the service does not know is its 401, raised as the call's error", async () => {
    const stranger = createRemoteDonations({ storeId: "f".repeat(32), baseUrl: sg.baseUrl });
    const error = await failureOf(stranger.getStore());
    expect(error.message).toBe(DONATION_ERROR.retrieveStore);
    expect(error.status).toBe(401);
    expect(only("store").headers["x-store-id"]).toBe("f".repeat(32));
  });
});

describe("failures raise ShoppingGivesApiError with the call's message (catalogue spec section 8)", () => {
  it.each(CALLS)("$route: a 500 raises '$message' with the status", async ({ route, message, run }) => {
    sg.answerWith(route, 500);
    const error = await failureOf(run(donations));
    expect(error.name).toBe("ShoppingGivesApiError");
    expect(error.message).toBe(message);
    expect(error.status).toBe(500);
    expect(sg.requestsTo(route)).toHaveLength(1);
  });

  it.each(CALLS)(
    "$route: no answer within timeoutMs raises '$message' without a status",
    async ({ route, message, run }) => {
      const impatient = createRemoteDonations({ storeId: sg.storeId, baseUrl: sg.baseUrl, timeoutMs: 150 });
      sg.delay(route, 2_000);
      const started = performance.now();
      const error = await failureOf(run(impatient));
      expect(performance.now() - started).toBeLessThan(1_500);
      expect(error.message).toBe(message);
      expect(error.status).toBeNull();
      expect((error.cause as Error).name).toBe("TimeoutError");
    },
  );

  it.each(CALLS)("$route: a reset connection raises '$message' without a status", async ({ route, message, run }) => {
    sg.fail(route, { reset: true });
    const error = await failureOf(run(donations));
    expect(error.message).toBe(message);
    expect(error.status).toBeNull();
  });

  it.each(CALLS)("$route: a redirect is not followed; it raises '$message'", async ({ route, message, run }) => {
    sg.fail(route, { status: 302, body: "", headers: { location: `${sg.baseUrl}stores/cc-small/none` } });
    const error = await failureOf(run(donations));
    expect(error.message).toBe(message);
    expect(error.status).toBeNull();
    expect(sg.requests).toHaveLength(1);
  });

  const reading = CALLS.filter((c) => c.reads);

  it.each(reading)("$route: a body that is not JSON raises '$message'", async ({ route, message, run }) => {
    sg.fail(route, { malformed: "json" });
    const error = await failureOf(run(donations));
    expect(error.message).toBe(message);
    expect(error.status).toBe(200);
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it.each(reading)("$route: JSON of another shape raises '$message'", async ({ route, message, run }) => {
    sg.fail(route, { malformed: "shape" });
    const error = await failureOf(run(donations));
    expect(error.message).toBe(message);
    expect(error.status).toBe(200);
  });

  it.each(CALLS.filter((c) => !c.reads))("$route: needs only a 2xx, whatever its body says", async ({ route, run }) => {
    const { trackingId } = await startTracking();
    sg.fail(route, { malformed: "json" });
    await expect(run(donations)).resolves.toBeUndefined();
    sg.heal();
    sg.fail(route, { status: 204, body: "" });
    await expect(run(donations)).resolves.toBeUndefined();
    expect(trackingId).toBeTruthy();
  });

  it("a failure lasts the times it was told, then the call answers again", async () => {
    sg.answerWith("store", 503, undefined, { times: 1 });
    expect((await failureOf(donations.getStore())).status).toBe(503);
    expect((await donations.getStore()).id).toBe(sg.storeId);
  });

  it("a service that is not there raises the call's message without a status", async () => {
    const down = await startShoppingGivesServer();
    const baseUrl = down.baseUrl;
    await down.stop();
    const error = await failureOf(
      createRemoteDonations({ storeId: sg.storeId, baseUrl }).startTracking({
        storeId: sg.storeId,
        isTestMode: false,
        isForceTestMode: false,
      }),
    );
    expect(error.message).toBe(DONATION_ERROR.startTracking);
    expect(error.status).toBeNull();
  });
});

describe("base URLs (docs/decisions.md 'Donations (remote adapter)')", () => {
  it("calls each SDK environment's API", async () => {
    const seen: { url: string; storeId: string | null }[] = [];
    // The network edge only: a fetch that records the request and answers a store.
    const edge: typeof fetch = async (input, init) => {
      seen.push({ url: String(input), storeId: new Headers(init?.headers).get("x-store-id") });
      return new Response(JSON.stringify(sg.store), { headers: { "content-type": "application/json" } });
    };
    for (const env of DONATION_SDK_ENVIRONMENTS) {
      await createRemoteDonations({ storeId: sg.storeId, baseUrl: donationApiBaseUrl(env), fetch: edge }).getStore();
    }
    expect(seen).toEqual([
      { url: "https://dev-api.shoppinggives.com/stores/cc-small/none", storeId: sg.storeId },
      { url: "https://qa-api.shoppinggives.com/stores/cc-small/none", storeId: sg.storeId },
      { url: "https://staging1-api.shoppinggives.com/stores/cc-small/none", storeId: sg.storeId },
      { url: "https://api.shoppinggives.com/stores/cc-small/none", storeId: sg.storeId },
    ]);
  });

  it("an override with a path prefix (DONATIONS_API_URL) keeps the prefix for every call", async () => {
    const prefixed = await startShoppingGivesServer({ prefix: "/sg/v1" });
    try {
      const override = `http://127.0.0.1:${prefixed.port}/sg/v1`;
      const remote = createRemoteDonations({
        storeId: prefixed.storeId,
        baseUrl: donationApiBaseUrl("prod", override),
      });
      const { trackingId } = await remote.startTracking({
        storeId: prefixed.storeId,
        isTestMode: false,
        isForceTestMode: true,
      });
      expect((await remote.getStore()).id).toBe(prefixed.storeId);
      expect(await remote.getCause(trackingId)).toMatchObject({ trackingId });
      // Without the trailing slash too.
      await createRemoteDonations({ storeId: prefixed.storeId, baseUrl: override }).portfolio(FAKE_PORTFOLIO_ID);
      expect(prefixed.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        "POST /sg/v1/tracking",
        "GET /sg/v1/stores/cc-small/none",
        `GET /sg/v1/tracking/${trackingId}/cause`,
        "GET /sg/v1/portfolios/cc-query-with-charities",
      ]);
    } finally {
      await prefixed.stop();
    }
  });
});
