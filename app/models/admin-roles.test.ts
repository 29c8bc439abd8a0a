import { describe, expect, it } from "vitest";
import {
  adminSessionExpiry,
  ADMIN_IDLE_MS,
  ADMIN_ROLES,
  ADMIN_SECTIONS,
  ADMIN_SESSION_MAX_MS,
  can,
  isAdminPath,
  PERMISSIONS,
  rolesWith,
  sectionsElsewhere,
  ADMIN_NAV_GROUPS,
  navGroupsFor,
  sectionsFor,
} from "./admin-roles";
import { commerceFeatures } from "./commerce-features";

const embedded = commerceFeatures("embedded");
const shopify = commerceFeatures("shopify");

describe('back-office permissions (docs/rules.md "Back office")', () => {
  it("gives the owner every permission", () => {
    for (const permission of PERMISSIONS) expect(can("owner", permission)).toBe(true);
  });

  it("gives no role, not even the owner, a permission that is not in the table", () => {
    for (const role of ADMIN_ROLES) {
      for (const name of ["toString", "constructor", "__proto__", "valueOf", "hasOwnProperty", "then"]) {
        expect([role, name, can(role, name as never)]).toEqual([role, name, false]);
      }
    }
  });

  it("gives each role exactly its table row", () => {
    const table = Object.fromEntries(ADMIN_ROLES.map((role) => [role, PERMISSIONS.filter((p) => can(role, p))]));
    expect(table).toEqual({
      owner: PERMISSIONS,
      fulfilment: [
        "orders.view",
        "orders.fulfil",
        "orders.resend",
        "returns.view",
        "returns.receive",
        "catalogue.view",
      ],
      support: [
        "orders.view",
        "orders.cancel",
        "orders.refund",
        "orders.resend",
        "returns.view",
        "returns.approve",
        "customers.view",
        "customers.unlock",
        "customers.reset",
        "reviews.moderate",
        "outbox.view",
      ],
      merchandiser: ["catalogue.view", "catalogue.edit", "content.view"],
      content: [
        "content.view",
        "content.edit",
        "content.publish",
        "redirects.edit",
        "assets.upload",
        "reviews.moderate",
      ],
    });
  });

  it("keeps the owner-only permissions to the owner", () => {
    for (const permission of ["donations.view", "outbox.retry", "jobs.view", "audit.view", "users.manage"] as const) {
      expect(rolesWith(permission)).toEqual(["owner"]);
    }
  });

  it("shows a role only the sections it may open", () => {
    expect(sectionsFor("fulfilment", embedded).map((s) => s.label)).toEqual([
      "Orders",
      "Returns",
      "Products",
      "Delivery coverage",
    ]);
    expect(sectionsFor("owner", embedded)).toHaveLength(ADMIN_SECTIONS.length);
    expect(sectionsElsewhere("owner", embedded)).toEqual([]);
  });

  it("hides the orders, returns and catalogue sections on Shopify, and names them as Shopify's (docs/rules.md 'Turned off on Shopify')", () => {
    expect(sectionsFor("fulfilment", shopify).map((s) => s.label)).toEqual(["Delivery coverage"]);
    expect(sectionsElsewhere("fulfilment", shopify).map((s) => s.label)).toEqual(["Orders", "Returns", "Products"]);
    expect(sectionsElsewhere("content", shopify)).toEqual([]);
    expect(sectionsFor("owner", shopify)).toHaveLength(ADMIN_SECTIONS.length - 3);
  });

  it("groups the navigation the way operators think, in order, without empty groups", () => {
    expect(ADMIN_SECTIONS.every((s) => ADMIN_NAV_GROUPS.includes(s.group))).toBe(true);
    expect(navGroupsFor("owner", embedded).map((g) => g.label)).toEqual([...ADMIN_NAV_GROUPS]);
    expect(navGroupsFor("owner", embedded).flatMap((g) => g.sections)).toHaveLength(ADMIN_SECTIONS.length);
    expect(navGroupsFor("fulfilment", embedded)).toEqual([
      {
        label: "Orders",
        sections: [
          { path: "/admin/orders", label: "Orders" },
          { path: "/admin/returns", label: "Returns" },
        ],
      },
      {
        label: "Catalogue",
        sections: [
          { path: "/admin/products", label: "Products" },
          { path: "/admin/coverage", label: "Delivery coverage" },
        ],
      },
    ]);
    expect(navGroupsFor("fulfilment", shopify).map((g) => g.label)).toEqual(["Catalogue"]);
  });

  it("knows its paths, and only its paths", () => {
    expect(isAdminPath("/admin")).toBe(true);
    expect(isAdminPath("/admin/orders")).toBe(true);
    expect(isAdminPath("/administrator")).toBe(false);
    expect(isAdminPath("/products/admin")).toBe(false);
  });

  it("ends a session after two idle hours, and twelve hours after sign-in at the latest", () => {
    const start = new Date("2026-11-24T08:00:00Z");
    expect(adminSessionExpiry(start, start).getTime() - start.getTime()).toBe(ADMIN_IDLE_MS);
    const late = new Date(start.getTime() + ADMIN_SESSION_MAX_MS - 60_000);
    expect(adminSessionExpiry(start, late).getTime() - start.getTime()).toBe(ADMIN_SESSION_MAX_MS);
  });
});
