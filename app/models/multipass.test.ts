import { describe, expect, it } from "vitest";
import { MULTIPASS_TTL_MS, multipassArrival, MultipassSwitchSchema, multipassUsable } from "./multipass";

describe('multipass links (docs/rules.md "Multipass links")', () => {
  const at = new Date("2026-12-20T10:00:00Z");
  const live = {
    site: "DTC",
    expiresAt: new Date(at.getTime() + MULTIPASS_TTL_MS),
    usedAt: null,
    session: { revokedAt: null, expiresAt: new Date(at.getTime() + 60_000) },
  };

  it("works until the last millisecond of its lifetime, not at its end", () => {
    expect(
      multipassUsable(
        { ...live, session: { ...live.session, expiresAt: live.expiresAt } },
        "DTC",
        new Date(live.expiresAt.getTime() - 1),
      ),
    ).toBe(true);
    expect(multipassUsable(live, "DTC", new Date(at.getTime() + 59_999))).toBe(true);
    expect(multipassUsable({ ...live, expiresAt: at }, "DTC", at)).toBe(false);
    expect(multipassUsable({ ...live, expiresAt: new Date(at.getTime() + 1) }, "DTC", at)).toBe(true);
  });

  it("works once, on its own site, while the session that asked for it lives", () => {
    expect(multipassUsable(live, "DTC", at)).toBe(true);
    expect(multipassUsable({ ...live, usedAt: at }, "DTC", at)).toBe(false);
    expect(multipassUsable(live, "HPSF", at)).toBe(false);
    expect(multipassUsable({ ...live, session: { ...live.session, revokedAt: at } }, "DTC", at)).toBe(false);
    expect(multipassUsable({ ...live, session: { ...live.session, expiresAt: at } }, "DTC", at)).toBe(false);
    expect(
      multipassUsable({ ...live, session: { ...live.session, expiresAt: new Date(at.getTime() + 1) } }, "DTC", at),
    ).toBe(true);
  });

  it("signs a guest or the link's own customer in at once, and asks a shopper signed in as another", () => {
    expect(multipassArrival(null, "cust_b")).toBe("sign-in");
    expect(multipassArrival("cust_b", "cust_b")).toBe("sign-in");
    expect(multipassArrival("cust_a", "cust_b")).toBe("ask");
  });

  it("switches accounts only on the page form's own field", () => {
    expect(MultipassSwitchSchema.safeParse({ intent: "switch" }).success).toBe(true);
    expect(MultipassSwitchSchema.safeParse({}).success).toBe(false);
    expect(MultipassSwitchSchema.safeParse({ intent: "other" }).success).toBe(false);
  });
});
