// Absolute URLs come from configuration, never from the Host header
// (docs/rules.md "Public origins"; docs/security.md "Host header poisoning"):
// a request sent with `Host: evil.test` still gets links to the configured origins.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { identity } from "~/services/identity/index.server";
import { autoshipsLink, orderLink, passwordResetLink } from "~/services/email/links.server";
import { publicOrigin } from "~/services/site/site.server";
import { loader as rootLoader } from "~/root";
import { loader as robotsLoader } from "~/routes/[robots.txt]";
import { loader as sitemapLoader } from "~/routes/[sitemap.xml]";
import { action as forgotAction } from "~/routes/shelter.forgot-password";
import { callRoute, formRequest, Jar } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

const EVIL = "http://evil.test";

/** The same request, as if its Host header said evil.test. */
const onEvilHost = (request: Request) => new Request(request.url.replace(/^http:\/\/[^/]+/, EVIL), request);

beforeAll(async () => {
  await ensureSeeded();
});

describe("public origins (docs/rules.md 'Public origins')", () => {
  it("are the configured ones, localhost and staff.localhost on PORT by default", () => {
    expect(publicOrigin("DTC")).toBe("http://localhost:3000");
    expect(publicOrigin("HPSF")).toBe("http://staff.localhost:3000");
  });

  it("a password reset asked for with a forged Host emails a link to the shop, not to that host", async () => {
    const email = `reset-host-${crypto.randomUUID()}@example.com`;
    const registered = await identity.register({
      site: "DTC",
      email,
      password: "Walkies-2026",
      firstName: "Pat",
      lastName: "Doe",
      acceptsMarketing: false,
    });
    expect(registered.ok).toBe(true);
    const response = await callRoute(
      forgotAction,
      onEvilHost(formRequest("/shelter/forgot-password", { email })),
      new Jar(),
      { clientIp: "192.0.2.90" },
    );
    expect(response.status).toBe(302);
    const message = await prisma.emailMessage.findFirstOrThrow({ where: { to: email, template: "password-reset" } });
    expect(message.text).toContain("http://localhost:3000/shelter/reset-password?token=");
    expect(`${message.text}${message.html}`).not.toContain("evil.test");
  });

  it("sitemap.xml, robots.txt and the canonical origin ignore the Host header", async () => {
    const sitemap = await callRoute(sitemapLoader, new Request(`${EVIL}/sitemap.xml`));
    const xml = await sitemap.text();
    expect(xml).toContain("<loc>http://localhost:3000/</loc>");
    expect(xml).not.toContain("evil.test");
    const robots = await (await callRoute(robotsLoader, new Request(`${EVIL}/robots.txt`))).text();
    expect(robots).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    expect(robots).not.toContain("evil.test");
    const root = await callRoute(rootLoader, new Request(`${EVIL}/`));
    expect(((await root.json()) as { origin: string }).origin).toBe("http://localhost:3000");
  });

  it("email links point at each site's own origin", () => {
    expect(orderLink({ id: "o1", site: "HPSF", customerId: "c1" })).toBe(
      "http://staff.localhost:3000/account/orders/o1",
    );
    expect(orderLink({ id: "o1", site: "DTC", customerId: null })).toBe("http://localhost:3000/");
    expect(autoshipsLink("DTC")).toBe("http://localhost:3000/account/autoships");
    expect(passwordResetLink("HPSF", "a b")).toBe("http://staff.localhost:3000/shelter/reset-password?token=a%20b");
  });
});
