import { describe, expect, it } from "vitest";
import { rootShouldRevalidate, type RootRevalidationInput } from "./root-revalidation";

const ORIGIN = "http://localhost:3000";
const guest = { signedIn: false, registrationPending: false };
const shopper = { signedIn: true, registrationPending: false };
const pendingMember = { signedIn: true, registrationPending: true };

const decide = (
  from: string,
  to: string,
  options: Partial<Omit<RootRevalidationInput, "currentUrl" | "nextUrl">> = {},
) =>
  rootShouldRevalidate({
    currentUrl: new URL(from, ORIGIN),
    nextUrl: new URL(to, ORIGIN),
    // A plain navigation with the query unchanged: Remix's default for the root is false.
    defaultShouldRevalidate: new URL(from, ORIGIN).search !== new URL(to, ORIGIN).search,
    visitor: guest,
    ...options,
  });

describe('root revalidation (docs/rules.md "Root revalidation")', () => {
  it("keeps the root's answer when navigating between pages nothing guards", () => {
    expect(decide("/dog/dry-food", "/cat/wet-food")).toBe(false);
    expect(decide("/products/a", "/products/b", { visitor: shopper })).toBe(false);
    expect(decide("/dog/dry-food", "/dog/dry-food?sort=price-asc")).toBe(false);
    expect(decide("/search?q=a", "/search?q=b", { formMethod: "GET" })).toBe(false);
    // A signed-in shopper's account pages check the customer in their own loaders.
    expect(decide("/", "/account/orders", { visitor: shopper })).toBe(false);
  });

  it("runs again after any action submission, whatever the method's case", () => {
    for (const formMethod of ["POST", "post", "PUT", "PATCH", "DELETE"]) {
      expect(decide("/products/a", "/products/a", { formMethod, defaultShouldRevalidate: false })).toBe(true);
      expect(decide("/cart", "/checkout", { formMethod })).toBe(true);
    }
  });

  it("follows Remix's default for the same URL (an explicit revalidation, a link to the page itself)", () => {
    expect(decide("/cart?x=1", "/cart?x=1", { defaultShouldRevalidate: true })).toBe(true);
    expect(decide("/cart?x=1", "/cart?x=1", { defaultShouldRevalidate: false })).toBe(false);
  });

  it("runs again when Remix forces it with the query unchanged (a redirect that set a cookie)", () => {
    expect(decide("/products/a", "/cart", { defaultShouldRevalidate: true })).toBe(true);
    expect(decide("/products/a?sku=1", "/cart?sku=1", { defaultShouldRevalidate: true })).toBe(true);
    expect(decide("/products/a", "/cart", { defaultShouldRevalidate: false })).toBe(false);
    // A changed query makes Remix's default true by itself: not a reason for the root.
    expect(decide("/dog/dry-food", "/dog/dry-food?page=2", { defaultShouldRevalidate: true })).toBe(false);
    expect(decide("/dog/dry-food?page=2", "/products/a", { defaultShouldRevalidate: true })).toBe(false);
  });

  it("runs again on another origin", () => {
    expect(decide("/", "http://staff.localhost:3000/")).toBe(true);
  });

  it("runs again where the login guard acts: a guest on an account path, a signed-in shopper on a sign-in page", () => {
    expect(decide("/", "/account/orders")).toBe(true);
    expect(decide("/", "/my/account")).toBe(true);
    expect(decide("/", "/account/login")).toBe(false);
    expect(decide("/", "/shelter/login")).toBe(false);
    expect(decide("/", "/shelter/login", { visitor: shopper })).toBe(true);
    expect(decide("/", "/account/login", { visitor: shopper })).toBe(true);
    expect(decide("/", "/shelter/forgot-password", { visitor: shopper })).toBe(true);
  });

  it("runs again for a member still to register on every page the registration guard closes", () => {
    expect(decide("/shelter/register", "/products", { visitor: pendingMember })).toBe(true);
    expect(decide("/", "/shelter/register", { visitor: pendingMember })).toBe(false);
    expect(decide("/", "/terms-and-conditions", { visitor: pendingMember })).toBe(false);
    expect(decide("/", "/products", { visitor: shopper })).toBe(false);
  });
});
