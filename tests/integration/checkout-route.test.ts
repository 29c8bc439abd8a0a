// Route-level checks of /checkout, the autoship sign-in page and multipass
// posting forms the way a browser without JavaScript does.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { action as cartAction } from "~/routes/cart";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { loader as confirmationLoader } from "~/routes/checkout_.confirmation.$orderId";
import { action as autoshipLoginAction } from "~/routes/shelter.autoship-required-login";
import { action as multipassAction } from "~/routes/api.multipass";
import { action as logoutAction } from "~/routes/logout";
import { action as multipassSwitch, loader as multipassArrival } from "~/routes/multipass.$token";
import { getCustomerId } from "~/services/http/index.server";
import { identity } from "~/services/identity/index.server";
import {
  createMultipassLinks,
  MULTIPASS_EXPIRED_MESSAGE,
  MULTIPASS_TTL_MS,
  multipassLinks,
} from "~/services/sign-in/index.server";
import { newAccount, newMultipassLink } from "../helpers/accounts";
import {
  callRoute,
  flashedNotice,
  formRequest,
  getRequest,
  Jar,
  jsonRequest,
  ORIGIN,
  signedInJar,
  type RouteHandler,
} from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

let oneTimeVariant: string;
let autoshipVariant: string;

beforeAll(async () => {
  await ensureSeeded();
  const variant = await prisma.productVariant.findFirstOrThrow({
    where: { inventory: { gt: 50 }, product: { autoshipEligible: true, soldOnDtc: true } },
    orderBy: { sku: "asc" },
  });
  oneTimeVariant = variant.id;
  autoshipVariant = variant.id;
  await prisma.productVariant.update({ where: { id: variant.id }, data: { inventory: 1000 } });
});

const form = (fields: Record<string, string>, jar: Jar, path = "/checkout") => formRequest(path, fields, jar);

const run = (handler: RouteHandler, request: Request, jar: Jar, params: Record<string, string> = {}) =>
  callRoute(handler, request, jar, { params });

const post = (jar: Jar, fields: Record<string, string>) => run(checkoutAction, form(fields, jar), jar);
const get = (jar: Jar, path = "/checkout") => run(checkoutLoader, getRequest(path, jar), jar);

async function cartWith(jar: Jar, fields: Record<string, string>) {
  const response = await run(cartAction, form({ intent: "add", quantity: "1", ...fields }, jar, "/cart"), jar);
  expect(response.status).toBe(302);
}

interface ReviewData {
  step: string;
  checkout: { key: string };
  amounts: { totalCents: number; merchandiseCents: number; taxCents: number; surchargeCents: number };
}

/** Contact, shipping, delivery and payment done; returns the review data. */
async function throughPayment(
  jar: Jar,
  email = "route@example.com",
  place: { city: string; provinceCode: string; zip: string } = { city: "Aurora", provinceCode: "CO", zip: "80011" },
): Promise<ReviewData> {
  expect((await post(jar, { intent: "contact", email })).headers.get("Location")).toBe("/checkout?step=shipping");
  const shipping = await post(jar, {
    intent: "shipping",
    firstName: "Robin",
    lastName: "Lee",
    address1: "10 Elm St",
    ...place,
  });
  expect(shipping.headers.get("Location")).toBe("/checkout?step=delivery");
  expect((await post(jar, { intent: "delivery" })).headers.get("Location")).toBe("/checkout?step=payment");
  const payment = await post(jar, {
    intent: "payment",
    nameOnCard: "Robin Lee",
    cardNumber: "4242 4242 4242 4242",
    expiry: "12/39",
    cvc: "123",
  });
  expect(payment.headers.get("Location")).toBe("/checkout?step=review");
  return (await (await get(jar, "/checkout?step=review")).json()) as ReviewData;
}

describe("/checkout without JavaScript", () => {
  it("re-renders a step with the error beside its field and keeps what was typed", async () => {
    const jar = new Jar();
    await cartWith(jar, { variantId: oneTimeVariant });
    const response = await post(jar, { intent: "contact", email: "not-an-email" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(body.error.email).toEqual(["Enter an email address like name@example.com."]);
    expect(body.initialValue.email).toBe("not-an-email");
  });

  it("refuses a state outside the list and a zip outside delivery coverage (catalogue spec section 9)", async () => {
    const jar = new Jar();
    await cartWith(jar, { variantId: oneTimeVariant });
    await post(jar, { intent: "contact", email: "zip@example.com" });
    const base = { intent: "shipping", firstName: "A", lastName: "B", address1: "1 Road", city: "Town" };
    const badState = await post(jar, { ...base, provinceCode: "PR", zip: "80011" });
    expect(((await badState.json()) as { error: Record<string, string[]> }).error.provinceCode).toEqual([
      "Choose a US state or DC.",
    ]);
    const uncovered = await post(jar, { ...base, provinceCode: "OH", zip: "44101" });
    expect(uncovered.status).toBe(400);
    expect(((await uncovered.json()) as { error: Record<string, string[]> }).error.zip?.[0]).toMatch(
      /do not deliver to 44101/,
    );
  });

  it("refuses a typed state that is not the zip's, on the state field: 'Honolulu, OR 96813', 'Los Angeles, MT 90012'", async () => {
    const jar = new Jar();
    await cartWith(jar, { variantId: oneTimeVariant });
    await post(jar, { intent: "contact", email: "state@example.com" });
    const base = { intent: "shipping", firstName: "A", lastName: "B", address1: "1 Road" };
    for (const [typed, message] of [
      [
        { city: "Honolulu", provinceCode: "OR", zip: "96813" },
        "Zip code 96813 is in Hawaii. Choose Hawaii, or check the zip code.",
      ],
      [
        { city: "Los Angeles", provinceCode: "MT", zip: "90012" },
        "Zip code 90012 is in California. Choose California, or check the zip code.",
      ],
    ] as const) {
      const response = await post(jar, { ...base, ...typed });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: Record<string, string[]>; initialValue: Record<string, string> };
      expect(body.error).toEqual({ provinceCode: [message] });
      expect(body.initialValue).toMatchObject(typed);
    }
    const checkout = await prisma.checkout.findFirstOrThrow({ where: { email: "state@example.com" } });
    expect(checkout.shippingAddress).toBeNull();
  });

  it("taxes and charges by the zip's state: Hawaii's tax and $4, California's tax, also for an address stored with another state", async () => {
    const honolulu = new Jar();
    await cartWith(honolulu, { variantId: oneTimeVariant });
    const hawaii = await throughPayment(honolulu, "hi@example.com", {
      city: "Honolulu",
      provinceCode: "HI",
      zip: "96813",
    });
    expect(hawaii.amounts.surchargeCents).toBe(400);
    expect(hawaii.amounts.taxCents).toBe(Math.round(hawaii.amounts.merchandiseCents * 0.04));
    const losAngeles = new Jar();
    await cartWith(losAngeles, { variantId: oneTimeVariant });
    const california = await throughPayment(losAngeles, "ca@example.com", {
      city: "Los Angeles",
      provinceCode: "CA",
      zip: "90012",
    });
    expect(california.amounts.surchargeCents).toBe(0);
    expect(california.amounts.taxCents).toBe(Math.round(california.amounts.merchandiseCents * 0.0725));
    expect(california.amounts.taxCents).toBeGreaterThan(0);

    // An address kept before the forms checked the state (or written by any other path)
    // still prices by its zip: the review and the placed order alike.
    for (const [jar, review, typed] of [
      [honolulu, hawaii, "OR"],
      [losAngeles, california, "MT"],
    ] as const) {
      const row = await prisma.checkout.findUniqueOrThrow({ where: { id: review.checkout.key } });
      const stored = { ...JSON.parse(row.shippingAddress!), provinceCode: typed };
      await prisma.checkout.update({ where: { id: row.id }, data: { shippingAddress: JSON.stringify(stored) } });
      const again = (await (await get(jar, "/checkout?step=review")).json()) as ReviewData;
      expect(again.amounts).toMatchObject(review.amounts);
      const placed = await post(jar, {
        intent: "place",
        idempotencyKey: review.checkout.key,
        expectedTotalCents: String(review.amounts.totalCents),
      });
      expect(placed.status).toBe(302);
      const order = await prisma.order.findUniqueOrThrow({ where: { idempotencyKey: review.checkout.key } });
      expect(order).toMatchObject({
        taxCents: review.amounts.taxCents,
        surchargeCents: review.amounts.surchargeCents,
        totalCents: review.amounts.totalCents,
      });
    }
  });

  it("does not let a later step be posted before the earlier ones", async () => {
    const jar = new Jar();
    await cartWith(jar, { variantId: oneTimeVariant });
    const response = await post(jar, { intent: "delivery" });
    expect(response.headers.get("Location")).toBe("/checkout?step=contact");
  });

  it("places the order once, shows the confirmation to this browser only, and answers a changed resubmit with 422", async () => {
    const jar = new Jar();
    await cartWith(jar, { variantId: oneTimeVariant });
    const review = await throughPayment(jar);
    expect(review.step).toBe("review");
    const fields = {
      intent: "place",
      idempotencyKey: review.checkout.key,
      expectedTotalCents: String(review.amounts.totalCents),
    };
    const first = await post(jar, fields);
    expect(first.status).toBe(302);
    const location = first.headers.get("Location")!;
    expect(location).toMatch(/^\/checkout\/confirmation\//);
    expect(jar.get("col_cart_id")).toBeUndefined();

    const again = await post(jar, fields);
    expect(again.headers.get("Location")).toBe(location);

    const changed = await post(jar, { ...fields, expectedTotalCents: String(review.amounts.totalCents + 1) });
    expect(changed.status).toBe(422);

    const orderId = location.split("/").pop()!;
    expect(await prisma.order.count({ where: { idempotencyKey: review.checkout.key } })).toBe(1);
    const mine = await run(
      confirmationLoader,
      new Request(`${ORIGIN}${location}`, { headers: { Cookie: jar.header } }),
      jar,
      { orderId },
    );
    expect(mine.status).toBe(200);
    const stranger = await run(confirmationLoader, new Request(`${ORIGIN}${location}`), new Jar(), { orderId });
    expect(stranger.status).toBe(404);
  });

  it("refuses a tampered total with 409 and keeps the cart", async () => {
    const jar = new Jar();
    await cartWith(jar, { variantId: oneTimeVariant });
    const review = await throughPayment(jar, "tamper@example.com");
    const response = await post(jar, {
      intent: "place",
      idempotencyKey: review.checkout.key,
      expectedTotalCents: "1",
    });
    expect(response.status).toBe(409);
    expect(await prisma.order.count({ where: { idempotencyKey: review.checkout.key } })).toBe(0);
    const page = (await (await get(jar)).json()) as { empty: boolean };
    expect(page.empty).toBe(false);
  });
});

describe("autoship needs an account (catalogue spec section 5, fee-free-checkout flag)", () => {
  it("sends a guest with an autoship line to /shelter/autoship-required-login, and back to checkout after sign-in", async () => {
    const jar = new Jar();
    await cartWith(jar, { variantId: autoshipVariant, purchaseType: "autoship", sellingPlanId: "autoship-4w" });
    const redirected = await get(jar);
    expect(redirected.status).toBe(302);
    const login = redirected.headers.get("Location")!;
    expect(login).toMatch(/^\/shelter\/autoship-required-login\?redirect=/);

    const wrong = await run(
      autoshipLoginAction,
      form({ email: "shopper@example.com", password: "nope" }, jar, login),
      jar,
    );
    expect(wrong.status).toBe(401);

    const signedIn = await run(
      autoshipLoginAction,
      form({ email: "shopper@example.com", password: "Shopper-demo-2026" }, jar, login),
      jar,
    );
    expect(signedIn.headers.get("Location")).toBe("/checkout");
    const page = (await (await get(jar)).json()) as { signedIn: boolean; needsAccount: boolean };
    expect(page).toMatchObject({ signedIn: true, needsAccount: false });
  });
});

describe("/api/multipass (catalogue spec section 7)", () => {
  const call = (jar: Jar, body: unknown) => run(multipassAction, jsonRequest("/api/multipass", body, jar), jar);
  /** Opens a multipass URL in the browser of `jar`. */
  const arrive = (jar: Jar, token: string) =>
    run(multipassArrival, getRequest(`/multipass/${token}`, jar), jar, { token });
  /** Posts the page's "Continue as …" form in the browser of `jar`. */
  const confirm = (jar: Jar, token: string, fields: Record<string, string> = { intent: "switch" }) =>
    run(multipassSwitch, formRequest(`/multipass/${token}`, fields, jar), jar, { token });
  const whoIs = (jar: Jar) => getCustomerId(getRequest("/", jar));
  const expired = { tone: "error", message: MULTIPASS_EXPIRED_MESSAGE };

  it("a link works until exactly its lifetime, only on its own site, and a made-up token never", async () => {
    const { customerId } = await newAccount("multipass-ttl");
    const start = new Date();
    let clock = start;
    const links = createMultipassLinks(prisma, () => clock);
    const token = await links.create({
      sessionToken: await identity.createSession(customerId, "DTC"),
      site: "DTC",
      path: "/checkout",
    });
    clock = new Date(start.getTime() + MULTIPASS_TTL_MS - 1);
    expect(await links.peek(token, "DTC")).toEqual({ customerId, path: "/checkout" });
    expect(await links.peek(token, "HPSF")).toBeNull();
    expect(await links.redeem(token, "HPSF")).toBeNull();
    expect(await links.peek("made-up", "DTC")).toBeNull();
    expect(await links.peek(`${token.slice(0, -2)}xx`, "DTC")).toBeNull();
    clock = new Date(start.getTime() + MULTIPASS_TTL_MS);
    expect(await links.peek(token, "DTC")).toBeNull();
    expect(await links.redeem(token, "DTC")).toBeNull();
    await expect(links.create({ sessionToken: "any", site: "DTC", path: "https://evil.example/" })).rejects.toThrow(
      RangeError,
    );
  });

  it("answers 401 for a guest, 403 for another email, 400 for a foreign URL, and a URL that signs in one browser, once", async () => {
    const guest = new Jar();
    expect((await call(guest, { email: "shopper@example.com", checkoutUrl: "/checkout" })).status).toBe(401);

    const jar = new Jar();
    await run(
      autoshipLoginAction,
      form({ email: "shopper@example.com", password: "Shopper-demo-2026" }, jar, "/shelter/autoship-required-login"),
      jar,
    );
    expect((await call(jar, { email: "other@example.com", checkoutUrl: "/checkout" })).status).toBe(403);
    const foreign = await call(jar, { email: "shopper@example.com", checkoutUrl: "https://evil.example/checkout" });
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty(
      "checkoutUrl",
    );

    const ok = await call(jar, { getURL: true, email: "Shopper@Example.com", checkoutUrl: `${ORIGIN}/checkout` });
    expect(ok.status).toBe(200);
    const { url } = (await ok.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${ORIGIN}/multipass/[A-Za-z0-9_-]{43}$`));
    const token = url.split("/multipass/")[1];

    // Two browsers: the first is signed in; the second gets the expired notice, no session.
    const first = new Jar();
    const arrival = await run(multipassArrival, new Request(url), first, { token });
    expect(arrival.headers.get("Location")).toBe("/checkout");
    expect(await whoIs(first)).toBe(await whoIs(jar));

    const second = new Jar();
    const again = await arrive(second, token);
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/cart");
    expect(await whoIs(second)).toBeNull();
    expect(await flashedNotice(second)).toEqual(expired);
    // Nor does the first browser get it twice.
    expect((await arrive(new Jar(), token)).headers.get("Location")).toBe("/cart");

    const bad = await arrive(new Jar(), "nope.nope");
    expect(bad.headers.get("Location")).toBe("/cart");
  });

  it("accepts the sessionToken in the body like the other signed-in calls; a bad, revoked or other-site token is 401", async () => {
    const { customerId, email } = await newAccount("multipass");
    const sessionToken = await identity.createSession(customerId, "DTC");
    const guest = new Jar();
    const ok = await call(guest, { email, checkoutUrl: "/checkout", sessionToken });
    expect(ok.status).toBe(200);
    const { url } = (await ok.json()) as { url: string };
    const token = url.split("/multipass/")[1];
    expect(await multipassLinks.peek(token, "DTC")).toEqual({ customerId, path: "/checkout" });

    expect((await call(guest, { email: "other@example.com", checkoutUrl: "/checkout", sessionToken })).status).toBe(
      403,
    );
    // The caller is checked before the body's fields, as in the other signed-in calls.
    expect((await call(guest, { email: "not-an-email", checkoutUrl: "/checkout" })).status).toBe(401);
    expect((await call(guest, { email, checkoutUrl: "/checkout", sessionToken: "nope" })).status).toBe(401);
    const staff = await identity.createSession(customerId, "HPSF");
    expect((await call(guest, { email, checkoutUrl: "/checkout", sessionToken: staff })).status).toBe(401);
    await identity.revokeSession(sessionToken, "test");
    expect((await call(guest, { email, checkoutUrl: "/checkout", sessionToken })).status).toBe(401);
    // The link that session made died with it.
    expect(await multipassLinks.peek(token, "DTC")).toBeNull();
  });

  it("a link stops working once the browser that asked for it signs out", async () => {
    const { customerId, email } = await newAccount("multipass-signout");
    const owner = await signedInJar(customerId);
    const made = await call(owner, { email, checkoutUrl: "/checkout" });
    const token = ((await made.json()) as { url: string }).url.split("/multipass/")[1];
    expect(await multipassLinks.peek(token, "DTC")).toEqual({ customerId, path: "/checkout" });

    const out = await run(logoutAction, formRequest("/logout", {}, owner), owner);
    expect(out.status).toBe(302);
    expect(await whoIs(owner)).toBeNull();

    const elsewhere = new Jar();
    const arrival = await arrive(elsewhere, token);
    expect(arrival.headers.get("Location")).toBe("/cart");
    expect(await whoIs(elsewhere)).toBeNull();
    expect(await flashedNotice(elsewhere)).toEqual(expired);
  });

  it("signed in as another customer: the page asks first and changes nothing; only its post switches, once", async () => {
    const victim = await newAccount("multipass-victim");
    const attacker = await newAccount("multipass-attacker");
    const { token } = await newMultipassLink(attacker.customerId, "DTC", "/checkout");
    const jar = await signedInJar(victim.customerId);
    const before = jar.header;

    const page = await arrive(jar, token);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.headers.get("Set-Cookie")).toBeNull();
    expect(await page.json()).toEqual({
      current: { email: victim.email, firstName: "Pat" },
      next: { email: attacker.email, firstName: "Pat" },
    });
    // Still the victim, with the same cookie; the link is not used by the question.
    expect(jar.header).toBe(before);
    expect(await whoIs(jar)).toBe(victim.customerId);
    expect(await multipassLinks.peek(token, "DTC")).toEqual({ customerId: attacker.customerId, path: "/checkout" });

    // A post without the form's field is refused in place and changes nothing.
    const malformed = await confirm(jar, token, {});
    expect(malformed.status).toBe(400);
    expect(await whoIs(jar)).toBe(victim.customerId);

    // The page's own post switches: the victim's token is revoked, as at every sign-in.
    const switched = await confirm(jar, token);
    expect(switched.status).toBe(302);
    expect(switched.headers.get("Location")).toBe("/checkout");
    expect(await whoIs(jar)).toBe(attacker.customerId);
    expect(await getCustomerId(new Request(`${ORIGIN}/`, { headers: { Cookie: before } }))).toBeNull();

    // Posted again (a second tab, a replay): the link is spent.
    const replay = await confirm(await signedInJar(victim.customerId), token);
    expect(replay.status).toBe(410);
    expect(((await replay.json()) as { error: Record<string, string[]> }).error[""]).toEqual([
      MULTIPASS_EXPIRED_MESSAGE,
    ]);
  });

  it("the link's own customer, signed in already, keeps the one-step flow", async () => {
    const { customerId } = await newAccount("multipass-same");
    const { token } = await newMultipassLink(customerId, "DTC", "/checkout?step=shipping");
    const jar = await signedInJar(customerId);
    const before = jar.header;
    const arrival = await arrive(jar, token);
    expect(arrival.status).toBe(302);
    expect(arrival.headers.get("Location")).toBe("/checkout?step=shipping");
    expect(await whoIs(jar)).toBe(customerId);
    expect(jar.header).not.toBe(before);
    expect(await multipassLinks.peek(token, "DTC")).toBeNull();
  });

  it("a race of two redemptions: exactly one browser is signed in", async () => {
    const { customerId } = await newAccount("multipass-race");
    const { token } = await newMultipassLink(customerId);
    const jars = [new Jar(), new Jar()];
    const answers = await Promise.all(jars.map((jar) => arrive(jar, token)));
    expect(answers.map((answer) => answer.headers.get("Location")).sort()).toEqual(["/cart", "/checkout"]);
    const signedIn = await Promise.all(jars.map(whoIs));
    expect(signedIn.filter((id) => id === customerId)).toHaveLength(1);
    expect(signedIn.filter((id) => id === null)).toHaveLength(1);

    // The service itself: of five at once, one wins.
    const other = await newMultipassLink(customerId);
    const redeemed = await Promise.all(Array.from({ length: 5 }, () => multipassLinks.redeem(other.token, "DTC")));
    expect(redeemed.filter(Boolean)).toEqual([{ customerId, path: "/checkout" }]);
  });
});
