// Who may do what in the back office (docs/rules.md "Back office"): the one table every
// /admin loader and action asks through `requireAdmin(request, permission)`. The owner may do
// everything; every other role only what its row lists. Pure, so the table is tested whole.

import type { CommerceFeature, CommerceFeatures } from "./commerce-features";

export { ADMIN_COOKIE_NAME, ADMIN_PATH, isAdminPath } from "./admin-path";

export const ADMIN_ROLES = ["owner", "fulfilment", "support", "merchandiser", "content"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ROLE_LABELS: Record<AdminRole, string> = {
  owner: "Owner",
  fulfilment: "Fulfilment",
  support: "Support",
  merchandiser: "Merchandiser",
  content: "Content editor",
};

/**
 * Each permission and the roles besides the owner that hold it. A new screen or action adds its
 * permission here, never a role check of its own.
 */
const GRANTS = {
  // Orders and returns
  "orders.view": ["fulfilment", "support"],
  "orders.fulfil": ["fulfilment"],
  "orders.cancel": ["support"],
  "orders.refund": ["support"],
  "orders.resend": ["fulfilment", "support"],
  "returns.view": ["fulfilment", "support"],
  "returns.approve": ["support"],
  "returns.receive": ["fulfilment"],
  // Customers and the staff-feeding program's members
  "customers.view": ["support"],
  "customers.unlock": ["support"],
  "customers.reset": ["support"],
  // Catalogue
  "catalogue.view": ["merchandiser", "fulfilment"],
  "catalogue.edit": ["merchandiser"],
  // Content, redirects and images
  "content.view": ["content", "merchandiser"],
  "content.edit": ["content"],
  "content.publish": ["content"],
  "redirects.edit": ["content"],
  "assets.upload": ["content"],
  // Reviews
  "reviews.moderate": ["support", "content"],
  // Reports and operations
  "donations.view": [],
  "outbox.view": ["support"],
  "outbox.retry": [],
  "jobs.view": [],
  "audit.view": [],
  "users.manage": [],
} as const satisfies Record<string, readonly Exclude<AdminRole, "owner">[]>;

export type Permission = keyof typeof GRANTS;
export const PERMISSIONS = Object.keys(GRANTS) as Permission[];

/** Whether a role holds a permission: the owner holds all. Anything not in the table ("toString") no one holds. */
export function can(role: AdminRole, permission: Permission): boolean {
  if (!Object.hasOwn(GRANTS, permission)) return false;
  return role === "owner" || (GRANTS[permission] as readonly AdminRole[]).includes(role);
}

/** The roles that hold a permission (the owner first), for tests and the users page. */
export function rolesWith(permission: Permission): AdminRole[] {
  return ADMIN_ROLES.filter((role) => can(role, permission));
}

export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === "string" && (ADMIN_ROLES as readonly string[]).includes(value);
}

/** The navigation's groups, in order: the way operators think of the shop. */
export const ADMIN_NAV_GROUPS = ["Orders", "Customers", "Catalogue", "Content", "Marketing", "Settings"] as const;
export type AdminNavGroup = (typeof ADMIN_NAV_GROUPS)[number];

/** A section of the back office's navigation and the permission that shows it. */
export interface AdminSection {
  path: string;
  label: string;
  group: AdminNavGroup;
  permission: Permission;
  /** The commerce feature the section is (docs/rules.md "Turned off on Shopify"): hidden when it is off. */
  feature?: Exclude<CommerceFeature, "embeddedCheckout">;
}

/** The back office's sections in navigation order, each in its group. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: "/admin/orders", label: "Orders", group: "Orders", permission: "orders.view", feature: "embeddedOrders" },
  { path: "/admin/returns", label: "Returns", group: "Orders", permission: "returns.view", feature: "embeddedOrders" },
  { path: "/admin/customers", label: "Customers", group: "Customers", permission: "customers.view" },
  {
    path: "/admin/products",
    label: "Products",
    group: "Catalogue",
    permission: "catalogue.view",
    feature: "embeddedCatalogueEditing",
  },
  { path: "/admin/coverage", label: "Delivery coverage", group: "Catalogue", permission: "catalogue.view" },
  { path: "/admin/content", label: "Pages and content", group: "Content", permission: "content.view" },
  { path: "/admin/images", label: "Images", group: "Content", permission: "content.view" },
  { path: "/admin/redirects", label: "Redirects", group: "Content", permission: "content.view" },
  { path: "/admin/reviews", label: "Reviews", group: "Marketing", permission: "reviews.moderate" },
  { path: "/admin/donations", label: "Donations", group: "Marketing", permission: "donations.view" },
  { path: "/admin/users", label: "Users", group: "Settings", permission: "users.manage" },
  { path: "/admin/outbox", label: "Email outbox", group: "Settings", permission: "outbox.view" },
  { path: "/admin/jobs", label: "Jobs", group: "Settings", permission: "jobs.view" },
  { path: "/admin/audit", label: "Audit log", group: "Settings", permission: "audit.view" },
];

/** The sections a role sees in the navigation: those its role may open and the commerce provider offers. */
export function sectionsFor(role: AdminRole, features: CommerceFeatures): AdminSection[] {
  return ADMIN_SECTIONS.filter(
    (section) => can(role, section.permission) && (!section.feature || features[section.feature]),
  );
}

/** The navigation a role sees: its sections by group, in the groups' order, without empty groups. */
export function navGroupsFor(
  role: AdminRole,
  features: CommerceFeatures,
): { label: AdminNavGroup; sections: { path: string; label: string }[] }[] {
  const sections = sectionsFor(role, features);
  return ADMIN_NAV_GROUPS.map((label) => ({
    label,
    sections: sections.filter((s) => s.group === label).map(({ path, label: name }) => ({ path, label: name })),
  })).filter((group) => group.sections.length > 0);
}

/** The sections a role would see that the commerce provider does instead (the home page says where). */
export function sectionsElsewhere(role: AdminRole, features: CommerceFeatures): AdminSection[] {
  return ADMIN_SECTIONS.filter(
    (section) => can(role, section.permission) && section.feature && !features[section.feature],
  );
}

/** How long a back-office session lasts without use, and at most from sign-in. */
export const ADMIN_IDLE_MS = 2 * 60 * 60_000;
export const ADMIN_SESSION_MAX_MS = 12 * 60 * 60_000;

/** When a session used at `lastSeenAt`, begun at `createdAt`, stops working. */
export function adminSessionExpiry(createdAt: Date, lastSeenAt: Date): Date {
  return new Date(Math.min(lastSeenAt.getTime() + ADMIN_IDLE_MS, createdAt.getTime() + ADMIN_SESSION_MAX_MS));
}
