import { describe, expect, it } from "vitest";
import { decideIdentityLink, PENDING_LINK_TTL_MS, pendingLinkFor } from "./identity-link";

describe("linking a provider identity (docs/rules.md 'OpenID identities'; OpenID Connect Core 1.0 section 5.7)", () => {
  it("signs into the customer (issuer, subject) is linked to, whatever the email says", () => {
    for (const emailVerified of [true, false]) {
      expect(decideIdentityLink({ linkedCustomerId: "c1", emailAccountCustomerId: "c2", emailVerified })).toEqual({
        kind: "sign-in",
        customerId: "c1",
      });
    }
  });

  it("creates a customer when no account has the email (verified or not)", () => {
    for (const emailVerified of [true, false]) {
      expect(decideIdentityLink({ linkedCustomerId: null, emailAccountCustomerId: null, emailVerified })).toEqual({
        kind: "create",
      });
    }
  });

  it("never signs into an existing account because the email matches: a verified email needs the password proof", () => {
    expect(decideIdentityLink({ linkedCustomerId: null, emailAccountCustomerId: "c2", emailVerified: true })).toEqual({
      kind: "prove-password",
      customerId: "c2",
    });
  });

  it("refuses an unverified email that matches an account", () => {
    expect(decideIdentityLink({ linkedCustomerId: null, emailAccountCustomerId: "c2", emailVerified: false })).toEqual({
      kind: "refuse-unverified",
    });
  });
});

describe("the pending link a password sign-in completes", () => {
  const now = 1_800_000_000_000;
  const pending = { store: "home", issuer: "https://id.example", subject: "s1", customerId: "c2", expiresAt: now + 1 };

  it("applies to that very customer until it expires", () => {
    expect(pendingLinkFor(pending, "c2", now)).toEqual(pending);
    expect(pendingLinkFor(pending, "c2", now + 1)).toBeNull();
    expect(pendingLinkFor(pending, "c3", now)).toBeNull();
  });

  it("ignores anything that is not a complete pending link", () => {
    expect(pendingLinkFor(null, "c2", now)).toBeNull();
    expect(pendingLinkFor("c2", "c2", now)).toBeNull();
    expect(pendingLinkFor({ ...pending, subject: "" }, "c2", now)).toBeNull();
    expect(pendingLinkFor({ ...pending, expiresAt: String(now + 1) }, "c2", now)).toBeNull();
  });

  it("lives a quarter of an hour", () => {
    expect(PENDING_LINK_TTL_MS).toBe(15 * 60 * 1000);
  });
});
