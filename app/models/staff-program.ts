// The staff-feeding program's pure rules (shop-core spec sections 3-4,
// catalogue spec sections 2-4): roles and registration, clinic search, program
// pricing, the monthly quota, the stored location and the registration guard.
// No I/O: the staff service and the routes supply the member and settings.
import { locationValue } from "./zip";

/** What a member does; the code is stored, never shown (shop-core spec section 1). */
export interface StaffRole {
  code: string;
  label: string;
  /** Students give a graduation year. */
  student: boolean;
  /** The kind of group the role joins: a clinic, or a school. */
  joins: "clinic" | "school";
}

export const STAFF_ROLES: readonly StaffRole[] = [
  { code: "DVM", label: "Veterinarian", student: false, joins: "clinic" },
  { code: "VT", label: "Veterinary technician or nurse", student: false, joins: "clinic" },
  { code: "PM", label: "Practice or hospital manager", student: false, joins: "clinic" },
  { code: "CSR", label: "Client service or reception", student: false, joins: "clinic" },
  { code: "KA", label: "Kennel or animal care assistant", student: false, joins: "clinic" },
  { code: "VS", label: "Veterinary student", student: true, joins: "school" },
  { code: "VTS", label: "Veterinary technician student", student: true, joins: "school" },
  { code: "FAC", label: "School faculty or staff", student: false, joins: "school" },
];

export const roleFor = (code: string | null | undefined) => STAFF_ROLES.find((role) => role.code === code) ?? null;

export const CLINIC_SEARCH_TYPES = ["name", "city", "zip"] as const;
export type ClinicSearchType = (typeof CLINIC_SEARCH_TYPES)[number];

/** A discount of `percent` on an amount, rounded half up to whole cents. */
export function programDiscountCents(amountCents: number, percent: number): number {
  return Math.round((amountCents * Math.round(percent * 100)) / 10_000 + 1e-9);
}

export interface QuotaStatus {
  month: string;
  limitCents: number;
  usedCents: number;
  remainingCents: number;
  /** Nothing left this month (the quota-reached flag). */
  reached: boolean;
}

/**
 * The member's monthly quota (shop-core spec section 3, quotaMonth and quotaValue):
 * quotaValue counts program-priced merchandise ordered in quotaMonth; a new month
 * starts from zero.
 */
export function quotaStatus(
  counter: { quotaMonth: string | null; quotaValue: number | null },
  month: string,
  limitCents: number,
): QuotaStatus {
  const usedCents = counter.quotaMonth === month ? Math.max(0, counter.quotaValue ?? 0) : 0;
  const remainingCents = Math.max(0, limitCents - usedCents);
  return { month, limitCents, usedCents, remainingCents, reached: remainingCents === 0 };
}

/** True when an order of `orderCents` fits in what is left this month. */
export function quotaAllows(status: QuotaStatus, orderCents: number): boolean {
  return orderCents <= status.remainingCents;
}

export type PreferredAddress = "clinic" | "home";

/** The preferred-address metafield's value, "clinic" by default (shop-core spec section 4). */
export function preferredAddressOf(value: string | null | undefined): PreferredAddress {
  return value === "home" ? "home" : "clinic";
}

/**
 * Where a cart's stock is checked (catalogue spec section 5; docs/rules.md "Staff-feeding
 * program"): the clinic's only for a registered member whose stored location is their clinic;
 * home stock (and home-delivery coverage) for everyone else, whatever the location says.
 */
export function stockDestinationFor(input: { registeredMember: boolean; atClinic: boolean }): "CLINIC" | "HOME" {
  return input.registeredMember && input.atClinic ? "CLINIC" : "HOME";
}

/** The stored location of a member: "{zip}::{home|clinic}" (shop-core spec section 4). */
export function memberLocation(input: {
  preferred: PreferredAddress;
  clinicZip: string;
  clinicHomeDeliveryOnly: boolean;
  homeZip: string | null;
}): string {
  const atClinic = input.preferred === "clinic" && !input.clinicHomeDeliveryOnly;
  // Home-delivery-only clinics force home; with no home address yet the clinic's zip stands in.
  return atClinic ? locationValue(input.clinicZip, "clinic") : locationValue(input.homeZip ?? input.clinicZip, "home");
}

/** Pages an unregistered member may open (shop-core spec section 4, "unless already on an allowed page"). */
export const REGISTRATION_ALLOWED_PATHS: readonly string[] = [
  "/shelter/register",
  "/logout",
  "/terms-and-conditions",
  "/faq",
  "/contact-us",
  "/shipping",
  "/maintenance",
  "/password-protect",
];

/**
 * JSON calls an unregistered member may make: registering itself (the clinic search, join
 * and address calls, the JWT), keeping the session, reading their own profile, the header's
 * search, the contact form and browser error reports. Carts, orders, autoships and the rest
 * wait until the member has registered (docs/rules.md "Site access").
 */
export const REGISTRATION_OPEN_API_PATHS: readonly string[] = [
  "/api/ecom/v1.0/refresh-session-token",
  "/api/ecom/v1.0/create-customer-token",
  "/api/ecom/v1.0/get-embedded-customer",
  "/api/predictive-search",
  "/api/send-contact-us",
  "/api/client-errors",
];

/**
 * The staff-feeding registration guard (shop-core spec sections 4 and 6): a signed-in
 * member who is not registered goes to the registration page, with the page asked for kept
 * to return to, unless already on an allowed page; a JSON call outside the registration
 * calls (`/api/embedded/…` and `REGISTRATION_OPEN_API_PATHS`) is refused. Applied to every
 * kind of request by the site-access gate (`siteAccess`, app/models/site-access.ts).
 */
export function registrationGuard(input: {
  pathname: string;
  search: string;
  signedIn: boolean;
  registered: boolean;
}): { kind: "register"; returnTo: string } | { kind: "refuse" } | null {
  if (!input.signedIn || input.registered) return null;
  const { pathname } = input;
  if (pathname.startsWith("/api/")) {
    const open = pathname.startsWith("/api/embedded/") || REGISTRATION_OPEN_API_PATHS.includes(pathname);
    return open ? null : { kind: "refuse" };
  }
  if (pathname.startsWith("/dev/") || pathname.startsWith("/auth/")) return null;
  if (REGISTRATION_ALLOWED_PATHS.includes(pathname)) return null;
  return { kind: "register", returnTo: `${pathname}${input.search}` };
}
