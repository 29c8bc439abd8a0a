// The root loader only reads (docs/rules.md "Root loader: reads only"): for every
// kind of visitor it answers without a Set-Cookie and leaves the database as it
// was; staff onboarding happens at sign-in and registration instead
// (docs/rules.md "Staff onboarding", shop-core spec section 4).
import { beforeAll, describe, expect, it } from "vitest";
import { databaseProvider, prisma } from "~/db.server";
import { loader as rootLoader } from "~/root";
import { siteGate } from "~/services/access/index.server";
import { loader as multipassLoader } from "~/routes/multipass.$token";
import { action as loginAction } from "~/routes/shelter.login";
import { commerce, cartIdCookie } from "~/services/commerce/index.server";
import { flashNotice, sessionStorage } from "~/services/http/session.server";
import { identity } from "~/services/identity/index.server";
import { staffProgram } from "~/services/staff/index.server";
import { newAccount, newMultipassLink, PASSWORD } from "../helpers/accounts";
import { callRoute, honeypotFields, Jar, ORIGIN, signedInJar } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

const STAFF = "http://staff.localhost:3000";

beforeAll(ensureSeeded);

/** Every row of every table, as text: equal before and after means nothing was written. */
async function databaseDigest(): Promise<string> {
  const tables = await prisma.$queryRawUnsafe<{ name: string }[]>(
    databaseProvider === "postgresql"
      ? "SELECT tablename::text AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"
      : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = await prisma.$queryRawUnsafe<unknown[]>(`SELECT * FROM "${name}"`);
    const text = rows.map((row) =>
      JSON.stringify(row, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value)),
    );
    parts.push(`${name}:${text.sort().join("\n")}`);
  }
  return parts.join("\n\n");
}

/** Calls the root loader for a page and proves it wrote nothing: no Set-Cookie, no row changed. */
async function rootReadsOnly(url: string, jar: Jar): Promise<Response> {
  const before = await databaseDigest();
  const response = await callRoute(rootLoader, new Request(url, { headers: { Cookie: jar.header } }));
  expect(response.headers.get("Set-Cookie")).toBeNull();
  expect(await databaseDigest()).toBe(before);
  return response;
}

/** Ages a customer's session tokens, so a writing loader would slide them. */
const ageTokens = (customerId: string) =>
  prisma.sessionToken.updateMany({
    where: { customerId },
    data: { lastSeenAt: new Date(Date.now() - 10 * 60_000), expiresAt: new Date(Date.now() + 60_000) },
  });

/** A staff-site account registered with a clinic, not onboarded yet (no metafields). */
async function registeredMember(tag: string) {
  const email = `${tag}-${crypto.randomUUID()}@example.com`;
  const result = await identity.register({
    site: "HPSF",
    email,
    password: PASSWORD,
    firstName: "Riley",
    lastName: tag,
    acceptsMarketing: false,
  });
  if (!result.ok) throw new Error("register failed");
  await staffProgram.register(result.customerId, { roleCode: "DVM", groupId: "CLN-1006" });
  await prisma.customerMetafield.deleteMany({ where: { customerId: result.customerId } });
  return { email, customerId: result.customerId };
}

const metafieldKeys = async (customerId: string) =>
  (await prisma.customerMetafield.findMany({ where: { customerId }, orderBy: { key: "asc" } })).map((m) => m.key);

async function storedLocation(jar: Jar): Promise<unknown> {
  const session = await sessionStorage.getSession(`__session=${jar.get("__session")}`);
  return session.get("userLocation");
}

/** Signs in through the staff site's sign-in page, as a browser without JavaScript. */
const staffSignIn = (email: string, jar: Jar) =>
  callRoute(
    loginAction,
    new Request(`${STAFF}/shelter/login`, {
      method: "POST",
      body: new URLSearchParams({ ...honeypotFields(), email, password: PASSWORD }),
      headers: { Cookie: jar.header, "Content-Type": "application/x-www-form-urlencoded" },
    }),
    jar,
    { clientIp: `198.51.100.${Math.floor(Math.random() * 200) + 1}` },
  );

describe('the root loader reads only (docs/rules.md "Root loader: reads only")', () => {
  it("an anonymous visitor, with and without a cart", async () => {
    const jar = new Jar();
    expect((await rootReadsOnly(`${ORIGIN}/`, jar)).status).toBe(200);
    expect((await rootReadsOnly(`${ORIGIN}/products`, jar)).status).toBe(200);
    const variant = await prisma.productVariant.findUniqueOrThrow({ where: { sku: "SD00402" } });
    const { cart } = await commerce.createCart({ site: "DTC", lines: [{ merchandiseId: variant.id, quantity: 2 }] });
    jar.store(new Response(null, { headers: { "Set-Cookie": await cartIdCookie.serialize(cart!.id) } }));
    const withCart = await rootReadsOnly(`${ORIGIN}/products`, jar);
    expect(((await withCart.json()) as { cartQuantity: number }).cartQuantity).toBe(2);
  });

  it("a guest sent to sign in by the login guard", async () => {
    const sent = await rootReadsOnly(`${ORIGIN}/account/orders`, new Jar());
    expect(sent.status).toBe(302);
  });

  it("a signed-in consumer whose token is due a refresh", async () => {
    const { customerId } = await newAccount("root-reads");
    const jar = await signedInJar(customerId);
    await ageTokens(customerId);
    const page = await rootReadsOnly(`${ORIGIN}/account/dashboard`, jar);
    expect(((await page.json()) as { account: { firstName: string } }).account.firstName).toBe("Pat");
  });

  it("a browser whose token stopped working", async () => {
    const { customerId } = await newAccount("root-stale");
    const jar = await signedInJar(customerId);
    await prisma.sessionToken.updateMany({ where: { customerId }, data: { revokedAt: new Date() } });
    const page = await rootReadsOnly(`${ORIGIN}/`, jar);
    expect(await page.json()).toMatchObject({ account: null, sessionEnded: true });
  });

  it("a staff member not registered yet, sent to registration", async () => {
    const result = await identity.register({
      site: "HPSF",
      email: `root-pending-${crypto.randomUUID()}@example.com`,
      password: PASSWORD,
      firstName: "Riley",
      lastName: "Pending",
      acceptsMarketing: false,
    });
    if (!result.ok) throw new Error("register failed");
    const jar = await signedInJar(result.customerId, "HPSF");
    await ageTokens(result.customerId);
    // The site-access gate sends the member to registration before Remix (docs/rules.md "Site
    // access"), reading only too: a POST's gate does not slide the session either.
    const before = await databaseDigest();
    for (const method of ["GET", "POST"]) {
      const sent = await siteGate({
        method,
        host: "staff.localhost:3000",
        pathname: "/products",
        search: "",
        cookie: jar.header,
      });
      expect(sent).toMatchObject({ kind: "redirect", location: "/shelter/register?redirect=L3Byb2R1Y3Rz" });
    }
    expect(await databaseDigest()).toBe(before);
    expect((await rootReadsOnly(`${STAFF}/shelter/register`, jar)).status).toBe(200);
  });

  it("a registered staff member before onboarding: nothing is onboarded on page load", async () => {
    const { customerId } = await registeredMember("root-before");
    const jar = await signedInJar(customerId, "HPSF");
    await ageTokens(customerId);
    const page = await rootReadsOnly(`${STAFF}/products`, jar);
    expect(((await page.json()) as { staff: { isRegistered: boolean } }).staff.isRegistered).toBe(true);
    expect(await metafieldKeys(customerId)).toEqual([]);
    expect(await storedLocation(jar)).toBeUndefined();
  });

  it("a staff member after onboarding at sign-in", async () => {
    const { email, customerId } = await registeredMember("root-after");
    const jar = new Jar();
    expect((await staffSignIn(email, jar)).status).toBe(302);
    await ageTokens(customerId);
    expect((await rootReadsOnly(`${STAFF}/products`, jar)).status).toBe(200);
    expect((await rootReadsOnly(`${STAFF}/cart`, jar)).status).toBe(200);
  });

  it("a pending one-time notice is the only cookie it sends, and it only takes the notice", async () => {
    const { customerId } = await newAccount("root-notice");
    const jar = await signedInJar(customerId);
    const session = await sessionStorage.getSession(`__session=${jar.get("__session")}`);
    flashNotice(session, { tone: "success", message: "Saved." });
    jar.store(new Response(null, { headers: { "Set-Cookie": await sessionStorage.commitSession(session) } }));
    const before = await databaseDigest();
    const page = await callRoute(rootLoader, new Request(`${ORIGIN}/`, { headers: { Cookie: jar.header } }), jar);
    expect(await databaseDigest()).toBe(before);
    expect(((await page.json()) as { notice: { message: string } }).notice.message).toBe("Saved.");
    const after = await sessionStorage.getSession(`__session=${jar.get("__session")}`);
    expect(after.get("notice")).toBeUndefined();
    expect(after.get("sessionToken")).toBe(session.get("sessionToken"));
    expect((await rootReadsOnly(`${ORIGIN}/`, jar)).status).toBe(200);
  });
});

describe('staff onboarding at sign-in (docs/rules.md "Staff onboarding", shop-core spec section 4)', () => {
  it("signing in with a password onboards a registered member: the metafields and the stored location", async () => {
    const { email, customerId } = await registeredMember("onboard-password");
    const jar = new Jar();
    const signedIn = await staffSignIn(email, jar);
    expect(signedIn.status).toBe(302);
    expect(await metafieldKeys(customerId)).toEqual(["clinic_zip", "preferred_address", "ship_to", "sold_to"]);
    expect(await storedLocation(jar)).toBe("94611::clinic");
  });

  it("signing in by a multipass link onboards too (every sign-in goes through signInAndRedirect)", async () => {
    const { customerId } = await registeredMember("onboard-multipass");
    const jar = new Jar();
    const { token } = await newMultipassLink(customerId, "HPSF", "/cart");
    const signedIn = await callRoute(
      multipassLoader,
      new Request(`${STAFF}/multipass/${token}`, { headers: { Cookie: jar.header } }),
      jar,
      { params: { token } },
    );
    expect(signedIn.headers.get("Location")).toBe("/cart");
    expect(await metafieldKeys(customerId)).toEqual(["clinic_zip", "preferred_address", "ship_to", "sold_to"]);
    expect(await storedLocation(jar)).toBe("94611::clinic");
  });

  it("a member not registered yet, and a consumer, are not onboarded at sign-in", async () => {
    const result = await identity.register({
      site: "HPSF",
      email: `onboard-pending-${crypto.randomUUID()}@example.com`,
      password: PASSWORD,
      firstName: "Riley",
      lastName: "Pending",
      acceptsMarketing: false,
    });
    if (!result.ok) throw new Error("register failed");
    const { token } = await newMultipassLink(result.customerId, "HPSF", "/");
    const jar = new Jar();
    await callRoute(
      multipassLoader,
      new Request(`${STAFF}/multipass/${token}`, { headers: { Cookie: jar.header } }),
      jar,
      { params: { token } },
    );
    expect(await metafieldKeys(result.customerId)).toEqual([]);
    expect(await storedLocation(jar)).toBeUndefined();

    const consumer = await newAccount("onboard-consumer");
    const { token: consumerToken } = await newMultipassLink(consumer.customerId, "DTC", "/");
    const consumerJar = new Jar();
    await callRoute(multipassLoader, new Request(`${ORIGIN}/multipass/${consumerToken}`), consumerJar, {
      params: { token: consumerToken },
    });
    expect(await metafieldKeys(consumer.customerId)).toEqual([]);
    expect(await storedLocation(consumerJar)).toBeUndefined();
  });
});
