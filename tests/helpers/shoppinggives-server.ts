// A fake ShoppingGives API on loopback (node:http), faked at the network edge: it answers
// the calls of catalogue spec section 7 from an in-memory store (a store with two segments,
// three charities, a portfolio, tracking records), records every request (method, path,
// query, headers, body) for assertions, refuses a request without the store's `x-store-id`
// header (401), and can be told to misbehave per route: answer a status, wait, send a body
// that is not JSON or not the expected shape, or reset the connection.
//
//   const sg = await startShoppingGivesServer();          // sg.baseUrl, sg.storeId
//   sg.fail("store", { delayMs: 6_000 });                 // a store that answers after 6 s
//   sg.fail("startTracking", { status: 500 }, { times: 1 });
//   await sg.stop();
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import {
  cartDonationCents,
  causeMultiplier,
  centsToDollars,
  dollarsToCents,
  donationRule,
  showsDonationWidget,
  type Charity,
  type CustomerSegment,
  type DonationResult,
  type DonationStore,
  type TrackingRecord,
} from "~/models/donations";

/** The calls of catalogue spec section 7, by name (the `DonationProvider` method each serves). */
export type ShoppingGivesRoute =
  | "store"
  | "productDonation"
  | "cartDonation"
  | "searchCharities"
  | "charitiesByEins"
  | "portfolio"
  | "startTracking"
  | "setCause"
  | "getCause"
  | "addIntegrationInfo"
  | "setConfirmationData"
  | "clickstream";

/**
 * How a route misbehaves; the parts combine in this order: wait `delayMs` (then answer as
 * the rest says, or normally), `reset` the connection, answer `status` (with `body` and
 * `headers`), or answer 200 with a `malformed` body ("json": not JSON; "shape": JSON of
 * another shape).
 */
export interface RouteFailure {
  delayMs?: number;
  reset?: boolean;
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  malformed?: "json" | "shape";
}

export interface RecordedRequest {
  /** The call it matched, or null for an unknown path. */
  route: ShoppingGivesRoute | null;
  method: string;
  /** The path as sent, percent-encoding kept, base prefix included. */
  path: string;
  /** The query string as sent (without "?"). */
  search: string;
  /** The query parameters (the last of repeated ones). */
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** The JSON body, parsed; the raw text when it is not JSON; null when empty. */
  body: unknown;
}

export interface TrackingState extends TrackingRecord {
  storeId: string;
  isTestMode: boolean;
  isForceTestMode: boolean;
  integrationInfo: { integrationType: string; info: Record<string, unknown> }[];
  confirmationData: { totalDonationAmount: number; causes: unknown[] } | null;
}

export interface FakeShoppingGives {
  /** The base URL the adapter is given: `http://127.0.0.1:{port}{prefix}`, ending in "/". */
  baseUrl: string;
  port: number;
  storeId: string;
  /** The data it answers from; a test may change any of it. */
  store: DonationStore;
  charities: Charity[];
  portfolios: Charity[];
  trackings: Map<string, TrackingState>;
  events: { event: string; properties: Record<string, unknown>; storeId: string; trackingId: string | null }[];
  /** Every request, in arrival order. */
  requests: RecordedRequest[];
  requestsTo(route: ShoppingGivesRoute): RecordedRequest[];
  /** Makes `route` misbehave, for the next `times` requests (default: until `heal`). */
  fail(route: ShoppingGivesRoute, failure: RouteFailure, options?: { times?: number }): void;
  /** Answers `route` after `ms` (e.g. a store later than the SDK's 5 s limit). */
  delay(route: ShoppingGivesRoute, ms: number, options?: { times?: number }): void;
  /** Answers `route` with `status` (and an optional body). */
  answerWith(route: ShoppingGivesRoute, status: number, body?: string, options?: { times?: number }): void;
  /** Ends every failure (of one route, or all). */
  heal(route?: ShoppingGivesRoute): void;
  stop(): Promise<void>;
}

export const FAKE_STORE_ID = "c0ffee00c0ffee00c0ffee00c0ffee00";
export const FAKE_PORTFOLIO_ID = "9f8e7d6c5b4a39281706f5e4d3c2b1a0";

/** Two animal charities with every field, one environmental charity with only the required ones. */
function fixtureCharities(): Charity[] {
  return [
    {
      id: "12-3456789",
      ein: "12-3456789",
      name: "Paws Rescue League",
      website: "https://paws.example.org",
      logoUrl: "https://cdn.example.org/paws.png",
      address: "100 Congress Ave, Austin, TX 78701",
      description: "Rescues and rehomes dogs and cats.",
      categoryId: 3,
      categoryName: "Animal-Related",
      multiplier: 1,
      portfolioCharities: [],
    },
    {
      id: "98-7654321",
      ein: "98-7654321",
      name: "Shelter Friends of Denver",
      website: "https://shelterfriends.example.org",
      logoUrl: "https://cdn.example.org/shelter.png",
      address: "1600 Broadway, Denver, CO 80202",
      description: "Food and vet care for shelter animals.",
      categoryId: 3,
      categoryName: "Animal-Related",
      multiplier: 1,
      portfolioCharities: [],
    },
    {
      id: "45-6789012",
      ein: "45-6789012",
      name: "Ocean Cleanup Fund",
      website: null,
      logoUrl: "",
      address: null,
      description: "",
      categoryId: 2,
      categoryName: "Environment",
      multiplier: 1,
      portfolioCharities: [],
    },
  ];
}

function fixtureStore(id: string, charities: Charity[]): DonationStore {
  const segments: CustomerSegment[] = [
    {
      id: "seg-subscribers",
      isActive: true,
      name: "Subscribers",
      excludeSegment: false,
      frontEndPropertyName: "orderType",
      frontEndSource: "cart",
      priorityIndex: 1,
      valueCategory: "specified",
      specifiedValues: ["firstPurchaseSubscription"],
      donationAction: { type: 1, amount: 0.5 },
    },
    {
      id: "seg-wholesale",
      isActive: true,
      name: "Wholesale",
      excludeSegment: true,
      frontEndPropertyName: "tags",
      frontEndSource: "customer",
      priorityIndex: 2,
      valueCategory: "specified",
      specifiedValues: ["wholesale"],
      donationAction: null,
    },
  ];
  return {
    id,
    name: "Pet Food Shop",
    activeCampaigns: [1, 3, 4],
    causeMultipliers: { [FAKE_PORTFOLIO_ID]: 2 },
    defaultCauseId: charities[0].id,
    defaultCauseIds: [charities[0].id],
    featuredCauseIds: [charities[0].id, charities[1].id, FAKE_PORTFOLIO_ID],
    defaultDonation: 1,
    defaultDonationType: 0,
    letShoppersChoose: true,
    searchEnabled: true,
    isActive: true,
    customCSS: "",
    targetCssSelector: "#donation-widget",
    isEmbeddedConfirmation: false,
    primaryCurrency: "USD",
    customerSegments: segments,
  };
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const text = z.string().min(1);
const ProductQuery = z.object({
  cmsId: text,
  realPrice: z.coerce.number().finite().nonnegative(),
  providedCauseId: text.optional(),
  customerSegmentId: text.optional(),
});
const CartBody = z.object({
  cmsIds: z.array(
    z.object({
      id: text,
      price: z.number().nonnegative(),
      quantity: z.number().int().nonnegative(),
      discount: z.number().nonnegative(),
    }),
  ),
  cartDiscount: z.number().nonnegative(),
  ignoreDirectDonations: z.boolean(),
  providedCauseId: text.nullable(),
  customerSegmentId: text.nullable(),
});
const SearchQuery = z.object({
  q: z.string(),
  skip: z.coerce.number().int().nonnegative(),
  take: z.coerce.number().int().positive(),
  zip: text.optional(),
  city: text.optional(),
  state: text.optional(),
  categoryId: z.coerce.number().int().optional(),
});
const StartBody = z.object({ storeId: text, isTestMode: z.boolean(), isForceTestMode: z.boolean() });
const CauseBody = z.object({ causeId: text, causeName: text });
const IntegrationBody = z.object({ integrationType: text, info: z.record(z.unknown()) });
const ConfirmationBody = z.object({
  confirmationData: z.object({
    totalDonationAmount: z.number().nonnegative(),
    causes: z.array(z.object({ causeId: text, causeName: z.string(), amount: z.number() })),
  }),
});
const EventBody = z.object({
  event: text,
  properties: z.record(z.unknown()),
  storeId: text,
  trackingId: text.nullable(),
});

function parse<S extends z.ZodTypeAny>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new HttpError(400, parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  return parsed.data;
}

/** Bounded in time: a server a test forgot to stop stops by itself after this long. */
const LIFETIME_MS = 120_000;

/** Starts the fake API on 127.0.0.1 (a free port), under `prefix` (default "/"). */
export async function startShoppingGivesServer(
  options: { prefix?: string; storeId?: string } = {},
): Promise<FakeShoppingGives> {
  const prefix = `/${(options.prefix ?? "").replace(/^\/+|\/+$/g, "")}/`.replace(/^\/\/$/, "/");
  const storeId = options.storeId ?? FAKE_STORE_ID;
  const charities = fixtureCharities();
  const portfolios: Charity[] = [
    {
      id: FAKE_PORTFOLIO_ID,
      ein: null,
      name: "Animal Welfare Portfolio",
      website: null,
      logoUrl: "/donation-logos/category-3.svg",
      address: null,
      description: "Shelters and rescues across the country.",
      categoryId: 3,
      categoryName: "Animal-Related",
      multiplier: 2,
      portfolioCharities: charities.slice(0, 2),
    },
  ];
  const failures = new Map<ShoppingGivesRoute, { failure: RouteFailure; times: number }>();
  const timers = new Set<NodeJS.Timeout>();

  const sg: Omit<FakeShoppingGives, "baseUrl" | "port" | "stop"> = {
    storeId,
    store: fixtureStore(storeId, charities),
    charities,
    portfolios,
    trackings: new Map(),
    events: [],
    requests: [],
    requestsTo: (route) => sg.requests.filter((r) => r.route === route),
    fail(route, failure, { times = Infinity } = {}) {
      failures.set(route, { failure, times });
    },
    delay: (route, ms, opts) => sg.fail(route, { delayMs: ms }, opts),
    answerWith: (route, status, body, opts) => sg.fail(route, { status, body }, opts),
    heal(route) {
      if (route) failures.delete(route);
      else failures.clear();
    },
  };

  const cause = (id: string): Charity | undefined =>
    sg.charities.find((c) => c.id === id) ?? sg.portfolios.find((p) => p.id === id);
  const segmentOf = (id: string | null | undefined) => sg.store.customerSegments.find((s) => s.id === id) ?? null;
  const trackingOf = (id: string) => {
    const record = sg.trackings.get(id);
    if (!record) throw new HttpError(404, "No such tracking record");
    return record;
  };
  const recordOf = ({ trackingId, causeId, causeName }: TrackingState): TrackingRecord => ({
    trackingId,
    causeId,
    causeName,
  });

  /** A donation result computed with the shop's own maths (app/models/donations.ts). */
  function result(
    lines: { id: string; priceCents: number; quantity: number; discountCents: number }[],
    causeId: string | null | undefined,
    segmentId: string | null | undefined,
    cartDiscountCents = 0,
  ): DonationResult {
    const causeUsed = causeId ?? sg.store.defaultCauseId;
    const charity = causeUsed ? cause(causeUsed) : undefined;
    if (!charity) throw new HttpError(400, "Unknown cause");
    const segment = segmentOf(segmentId);
    const rule = donationRule(sg.store, segment);
    const multiplier = causeMultiplier(sg.store, charity.id);
    const excluded = segment?.excludeSegment ?? false;
    const gift = cartDonationCents({
      lines,
      rule: excluded ? { type: 0, amount: 0 } : rule,
      multiplier,
      cartDiscountCents,
    });
    const total = centsToDollars(gift.totalCents);
    return {
      donationRecipients: [{ causeId: charity.id, causeName: charity.name, amount: total }],
      lineItems: gift.lines.map((l) => ({ cmsId: l.id, donationAmount: centsToDollars(l.cents) })),
      totalDonationAmount: total,
      cartDonation: total,
      showWidget: showsDonationWidget({
        excluded,
        activeCampaigns: sg.store.activeCampaigns,
        totalDonationCents: gift.totalCents,
      }),
    };
  }

  /** The route a method and path (below the prefix) name, its tracking id, or why none. */
  function routeOf(method: string, path: string): { route: ShoppingGivesRoute; trackingId?: string } | HttpError {
    const fixed: Record<string, [string, ShoppingGivesRoute]> = {
      "stores/cc-small/none": ["GET", "store"],
      "products/donation-by-cms-id": ["GET", "productDonation"],
      "products/get-multiple-donation": ["POST", "cartDonation"],
      "charities/search": ["GET", "searchCharities"],
      "charities/search-by-eins": ["GET", "charitiesByEins"],
      "portfolios/cc-query-with-charities": ["GET", "portfolio"],
      tracking: ["POST", "startTracking"],
      "tracking/": ["POST", "startTracking"],
      "clickstream/events": ["POST", "clickstream"],
    };
    const actions: Record<string, [string, ShoppingGivesRoute]> = {
      "set-cause": ["PUT", "setCause"],
      cause: ["GET", "getCause"],
      "add-integration-info": ["PUT", "addIntegrationInfo"],
      "set-confirmation-data": ["PUT", "setConfirmationData"],
    };
    let match = fixed[path];
    let trackingId: string | undefined;
    const onRecord = /^tracking\/([^/]+)\/([a-z-]+)$/.exec(path);
    if (!match && onRecord && actions[onRecord[2]]) {
      match = actions[onRecord[2]];
      trackingId = decodeURIComponent(onRecord[1]);
    }
    if (!match) return new HttpError(404, `No such call: ${path}`);
    if (match[0] !== method) return new HttpError(405, `${path} takes ${match[0]}`);
    return { route: match[1], trackingId };
  }

  function answer(route: ShoppingGivesRoute, trackingId: string | undefined, query: unknown, body: unknown) {
    switch (route) {
      case "store":
        return { status: 200, json: sg.store };
      case "productDonation": {
        const q = parse(ProductQuery, query);
        const line = { id: q.cmsId, priceCents: dollarsToCents(q.realPrice), quantity: 1, discountCents: 0 };
        return { status: 200, json: result([line], q.providedCauseId, q.customerSegmentId) };
      }
      case "cartDonation": {
        const b = parse(CartBody, body);
        const lines = b.cmsIds.map((l) => ({
          id: l.id,
          priceCents: dollarsToCents(l.price),
          quantity: l.quantity,
          discountCents: dollarsToCents(l.discount),
        }));
        if (lines.length === 0) throw new HttpError(400, "cmsIds: at least one product");
        const computed = result(lines, b.providedCauseId, b.customerSegmentId, dollarsToCents(b.cartDiscount));
        return { status: 200, json: computed };
      }
      case "searchCharities": {
        const q = parse(SearchQuery, query);
        const term = q.q.trim().toLowerCase();
        const found = sg.charities.filter(
          (c) =>
            (!term || c.name.toLowerCase().includes(term) || c.description.toLowerCase().includes(term)) &&
            (q.categoryId === undefined || c.categoryId === q.categoryId) &&
            [q.zip, q.city, q.state].every(
              (part) => !part || (c.address ?? "").toLowerCase().includes(part.toLowerCase()),
            ),
        );
        // Each answer carries a field the adapter does not know (it must drop it).
        const page = found.slice(q.skip, q.skip + q.take).map((c) => ({ ...c, isVerified: true }));
        return { status: 200, json: page };
      }
      case "charitiesByEins": {
        const eins = parse(z.object({ eins: text }), query).eins.split(",");
        const found = eins.map((ein) => sg.charities.find((c) => c.ein === ein)).filter((c) => c !== undefined);
        return { status: 200, json: found };
      }
      case "portfolio": {
        const { id } = parse(z.object({ id: text }), query);
        const portfolio = sg.portfolios.find((p) => p.id === id);
        if (!portfolio) throw new HttpError(404, "No such portfolio");
        return { status: 200, json: portfolio };
      }
      case "startTracking": {
        const b = parse(StartBody, body);
        if (b.storeId !== storeId) throw new HttpError(400, "storeId is not the x-store-id store");
        const state: TrackingState = {
          trackingId: crypto.randomBytes(16).toString("hex"),
          causeId: null,
          causeName: null,
          storeId: b.storeId,
          isTestMode: b.isTestMode,
          isForceTestMode: b.isForceTestMode,
          integrationInfo: [],
          confirmationData: null,
        };
        sg.trackings.set(state.trackingId, state);
        return { status: 201, json: recordOf(state) };
      }
      case "setCause": {
        const record = trackingOf(trackingId!);
        const b = parse(CauseBody, body);
        record.causeId = b.causeId;
        record.causeName = b.causeName;
        return { status: 200, json: recordOf(record) };
      }
      case "getCause":
        return { status: 200, json: recordOf(trackingOf(trackingId!)) };
      case "addIntegrationInfo": {
        const record = trackingOf(trackingId!);
        record.integrationInfo.push(parse(IntegrationBody, body));
        return { status: 204, json: undefined };
      }
      case "setConfirmationData": {
        const record = trackingOf(trackingId!);
        record.confirmationData = parse(ConfirmationBody, body).confirmationData;
        return { status: 200, json: { ok: true } };
      }
      case "clickstream": {
        const b = parse(EventBody, body);
        sg.events.push(b);
        return { status: 202, json: undefined };
      }
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown = null;
      if (raw) {
        try {
          body = JSON.parse(raw);
        } catch {
          body = raw;
        }
      }
      const method = req.method ?? "GET";
      const matched = url.pathname.startsWith(prefix)
        ? routeOf(method, url.pathname.slice(prefix.length))
        : new HttpError(404, `Outside ${prefix}`);
      const route = matched instanceof HttpError ? null : matched.route;
      const query = Object.fromEntries(url.searchParams);
      sg.requests.push({
        route,
        method,
        path: url.pathname,
        search: url.search.replace(/^\?/, ""),
        query,
        headers: req.headers,
        body,
      });

      const send = (status: number, payload?: string, headers: Record<string, string> = {}) => {
        if (res.destroyed || res.headersSent) return;
        res.writeHead(status, {
          ...(payload === undefined ? {} : { "content-type": "application/json" }),
          ...headers,
        });
        res.end(payload);
      };
      const respond = () => {
        const injected = route ? failures.get(route) : undefined;
        const failure = injected?.failure ?? {};
        if (injected && --injected.times <= 0) failures.delete(route!);
        const go = () => {
          if (failure.reset) return void req.socket.destroy();
          if (failure.status !== undefined) {
            return send(
              failure.status,
              failure.body ?? JSON.stringify({ message: "Injected failure" }),
              failure.headers,
            );
          }
          if (failure.malformed === "json") return send(200, '{"trackingId": "abc", "causeId": ');
          if (failure.malformed === "shape") return send(200, JSON.stringify({ unexpected: ["shape"] }));
          if (matched instanceof HttpError) return send(matched.status, JSON.stringify({ message: matched.message }));
          if (req.headers["x-store-id"] !== storeId)
            return send(401, JSON.stringify({ message: "Unknown x-store-id" }));
          try {
            const out = answer(matched.route, matched.trackingId, query, body);
            send(out.status, out.json === undefined ? undefined : JSON.stringify(out.json));
          } catch (error) {
            if (!(error instanceof HttpError)) throw error;
            send(error.status, JSON.stringify({ message: error.message }));
          }
        };
        if (!failure.delayMs) return go();
        const timer = setTimeout(() => {
          timers.delete(timer);
          go();
        }, failure.delayMs);
        timers.add(timer);
        res.on("close", () => {
          clearTimeout(timer);
          timers.delete(timer);
        });
      };
      respond();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  let stopped: Promise<void> | null = null;
  const stop = () =>
    (stopped ??= new Promise<void>((resolve) => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.close(() => resolve());
      server.closeAllConnections();
    }));
  setTimeout(() => void stop(), LIFETIME_MS).unref();

  return Object.assign(sg, { baseUrl: `http://127.0.0.1:${port}${prefix}`, port, stop });
}
