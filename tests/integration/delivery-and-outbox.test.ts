// The delivery-date call (catalogue spec section 7) and the developers' outbox
// page (docs/rules.md "Outbox").
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { estimatedDeliveryDate } from "~/models/checkout-forms";
import { DEFAULT_SHOP_TIME_ZONE, shopDay } from "~/models/shop-time";
import { loader as deliveryDate } from "~/routes/api.get-estimated-delivery-date";
import { loader as outbox } from "~/routes/dev.outbox";
import { loader as productsLoader } from "~/routes/products.$";
import { email } from "~/services/email/index.server";
import { setHomeZip } from "~/services/http/location.server";
import { sessionStorage } from "~/services/http/session.server";
import { callRoute, getRequest, Jar } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

beforeAll(async () => {
  await ensureSeeded();
});

async function jarWithZip(zip: string) {
  const session = await sessionStorage.getSession();
  setHomeZip(session, zip);
  const jar = new Jar();
  jar.store(new Response(null, { headers: { "Set-Cookie": await sessionStorage.commitSession(session) } }));
  return jar;
}

describe("GET /api/get-estimated-delivery-date (catalogue spec section 7)", () => {
  it("answers the date and 'Estimated delivery {date} to {zip}' for the stored location (default 80011)", async () => {
    const response = await callRoute(deliveryDate, getRequest("/api/get-estimated-delivery-date"));
    const body = (await response.json()) as { date: string; location: string; message: string };
    expect(body.location).toBe("80011");
    expect(body.date).toBe(
      shopDay(estimatedDeliveryDate(new Date(), 5, DEFAULT_SHOP_TIME_ZONE), DEFAULT_SHOP_TIME_ZONE),
    );
    expect(body.message).toMatch(/^Estimated delivery \w+day, \w+ \d{1,2} to 80011$/);
    // The answer follows the shopper's session: never kept by a shared cache.
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("tells a Hawaii location to see checkout while the flag is on (catalogue spec section 6)", async () => {
    const jar = await jarWithZip("96813");
    const response = await callRoute(deliveryDate, getRequest("/api/get-estimated-delivery-date", jar));
    expect(((await response.json()) as { message: string }).message).toBe("See checkout for delivery date");
  });
});

describe("the product page's loader (issue 35: delivery estimate, price per unit, autoship price)", () => {
  const PATH = "/products/science-diet/adult-dry-dog-food/chicken-barley/15.5lb";
  async function productData(jar?: Jar) {
    const result = (await productsLoader({
      request: getRequest(PATH, jar),
      params: { "*": PATH.replace(/^\/products\//, "") },
      context: {},
    } as never)) as unknown as { data: Record<string, unknown> };
    return result.data;
  }

  it("gives the shopper's delivery line, the price per lb and the autoship price from the pricing rule", async () => {
    const guest = await productData();
    expect(guest.deliveryEstimate).toMatch(/^Estimated delivery \w+day, \w+ \d{1,2} to 80011$/);
    expect(guest.unitPrice).toBe("$4.06/lb"); // $62.99 / 15.5 lb
    expect(guest.autoshipOffer).toEqual({ priceCents: 5984, savingCents: 315 });
    expect((await productData(await jarWithZip("10001"))).deliveryEstimate).toMatch(/ to 10001$/);
    expect((await productData(await jarWithZip("96813"))).deliveryEstimate).toBe("See checkout for delivery date");
  });
});

describe("/dev/outbox (docs/rules.md 'Outbox': each message's delivery state, for developers)", () => {
  it("lists the newest messages with status, tries, next attempt, last error and sent time, and shows one", async () => {
    const to = `outbox-${crypto.randomUUID()}@example.com`;
    const { id } = await email.enqueue(prisma, {
      to,
      subject: "Outbox check",
      text: "Hello from the outbox",
      template: "test",
    });
    const { outboxMessageId } = await prisma.emailMessage.findUniqueOrThrow({ where: { id } });
    await prisma.outboxMessage.update({
      where: { id: outboxMessageId! },
      data: { tries: 2, lastError: "ESOCKET: connect ECONNREFUSED 127.0.0.1:2525" },
    });
    const response = await callRoute(outbox, getRequest("/dev/outbox"));
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const list = (await response.json()) as {
      messages: {
        id: string;
        topic: string;
        status: string;
        tries: number;
        lastError: string | null;
        nextAttemptAt: string;
        sentAt: string | null;
        email: { id: string; to: string } | null;
      }[];
    };
    expect(list.messages[0]).toMatchObject({
      id: outboxMessageId,
      topic: "email",
      status: "queued",
      tries: 2,
      lastError: "ESOCKET: connect ECONNREFUSED 127.0.0.1:2525",
      nextAttemptAt: expect.any(String),
      sentAt: null,
      email: { id, to },
    });
    const one = (await (await callRoute(outbox, getRequest(`/dev/outbox?id=${id}`))).json()) as {
      selected: { text: string; outboxMessage: { status: string } };
    };
    expect(one.selected.text).toBe("Hello from the outbox");
    expect(one.selected.outboxMessage.status).toBe("queued");

    const failedOnly = (await (await callRoute(outbox, getRequest("/dev/outbox?status=failed"))).json()) as {
      messages: { status: string }[];
    };
    expect(failedOnly.messages.every((m) => m.status === "failed")).toBe(true);
  });
});
