// The staff-feeding program (shop-core spec sections 3, 4 and 7): who a
// member is (built from the staff user store and the customer), clinic search
// and join, registration, onboarding metafields, the FTC acknowledgement,
// program pricing terms and the monthly quota.
import { containsIgnoringCase } from "~/db.server";
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import { isEligibleForPd, isRegistered } from "~/models/identity-profile";
import { storedSite } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";
import { DEFAULT_SHOP_TIME_ZONE } from "~/models/shop-time";
import {
  memberLocation,
  preferredAddressOf,
  quotaStatus,
  roleFor,
  type ClinicSearchType,
  type PreferredAddress,
  type QuotaStatus,
  type StaffRole,
} from "~/models/staff-program";
import { quotaMonthOf } from "~/models/staff-program-dates";
import type { Customers, MetafieldInput } from "~/services/customers/index.server";
import { SAVED_CART_METAFIELD } from "~/services/commerce/index.server";
import { ServiceError } from "~/models/service-error";

/** The clinic program (Clinic.program) the staff site serves; clinics of other programs cannot be joined here. */
export const STAFF_PROGRAM = "HPSF";
/** Most clinics one search answers. */
export const CLINIC_SEARCH_LIMIT = 20;

/** Onboarding metafields: same namespace and type as the saved cart (shop-core spec sections 3-4). */
export const ONBOARDING_KEYS = ["ship_to", "sold_to", "preferred_address", "clinic_zip"] as const;

export type StaffErrorCode = "CLINIC_NOT_FOUND" | "OTHER_PROGRAM" | "WRONG_KIND" | "NOT_A_MEMBER" | "INVALID";

/** A refused staff-program request; nothing was changed. `status` is the HTTP status an API answers with. */
export class StaffError extends ServiceError<StaffErrorCode> {
  constructor(code: StaffErrorCode, message: string, field?: string, status = 422) {
    super(code, message, status, field);
    this.name = "StaffError";
  }
}

/** A clinic address as the spec names it (catalogue spec section 3, "Clinic address"). */
export interface ClinicAddress {
  address1: string;
  address2: string | null;
  city: string;
  zip: string;
  countryCode: string;
  provinceCode: string;
  phone: string | null;
  SFHomeDeliveryOnly: boolean;
}

/** One search-clinic result: join it with groupID, fetch its address with clinicID (its ship-to). */
export interface ClinicSummary extends ClinicAddress {
  groupID: string;
  clinicID: string;
  name: string;
  kind: "clinic" | "school";
}

/** The staff-feeding user (shop-core spec section 3), without the role code, which is never shown. */
export interface StaffMember {
  customerId: string;
  email: string;
  firstName: string;
  lastName: string;
  country: string;
  /** Whether the member has chosen a role (the code itself stays on the server). */
  hasRole: boolean;
  roleCode: string | null;
  graduationYear: number | null;
  currentSchoolName: string | null;
  SF_PreferedShipTo: string | null;
  SF_StoreSoldTo: string | null;
  accountGroup: string | null;
  isRegistered: boolean;
  isEligibleForPd: boolean;
  /** Percent off retail for an eligible member (program pricing); null for everyone else. */
  programDiscountPercent: number | null;
  isFTCAcknowledged: boolean;
  clinic: (ClinicAddress & { name: string; groupID: string; kind: string }) | null;
  preferredAddress: PreferredAddress;
  /** The member's home zip (default address), if any. */
  homeZip: string | null;
  /** "{zip}::{home|clinic}" (null until registered). */
  location: string | null;
  quota: QuotaStatus;
}

export interface OnboardingResult {
  /** Metafields created or changed now (a refused one is not among them). */
  updated: string[];
  refused: { key: string; message: string }[];
  location: string | null;
}

export interface StaffDeps {
  db: PrismaClient;
  customers: Pick<Customers, "writeShopMetafields">;
  settings: () => {
    eligibleGroups: readonly string[];
    discountPercent: number;
    monthlyQuotaCents: number;
    /** SHOP_TIME_ZONE: the quota month is the month there (docs/rules.md "Shop time"). */
    timeZone?: string;
  };
  now?: () => Date;
}

const clinicSelect = {
  groupId: true,
  shipTo: true,
  name: true,
  kind: true,
  address1: true,
  address2: true,
  city: true,
  zip: true,
  countryCode: true,
  provinceCode: true,
  phone: true,
  homeDeliveryOnly: true,
} as const;

type ClinicRow = Prisma.ClinicGetPayload<{ select: typeof clinicSelect }>;

function toAddress(row: ClinicRow): ClinicAddress {
  return {
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    zip: row.zip,
    countryCode: row.countryCode,
    provinceCode: row.provinceCode,
    phone: row.phone,
    SFHomeDeliveryOnly: row.homeDeliveryOnly,
  };
}

function toSummary(row: ClinicRow): ClinicSummary {
  return {
    groupID: row.groupId,
    clinicID: row.shipTo,
    name: row.name,
    kind: row.kind === "school" ? "school" : "clinic",
    ...toAddress(row),
  };
}

/** Students and school staff join schools, everyone else clinics: a mismatch is refused. */
function requireKind(role: StaffRole, kind: string, field: string): void {
  if (role.joins === kind) return;
  throw new StaffError(
    "WRONG_KIND",
    role.joins === "school"
      ? "Students and school staff join their school. Search for your school."
      : "Clinic staff join their clinic. Search for your clinic.",
    field,
  );
}

export function createStaffProgram(deps: StaffDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** The member's rows, or null when the customer is not a staff-site user. */
  async function rows(customerId: string) {
    const customer = await db.customer.findUnique({
      where: { id: customerId },
      select: {
        id: true,
        site: true,
        email: true,
        firstName: true,
        lastName: true,
        quotaMonth: true,
        quotaValue: true,
        clinic: { select: clinicSelect },
        defaultAddress: { select: { zip: true } },
        identity: true,
        metafields: {
          where: { namespace: SAVED_CART_METAFIELD.namespace },
          select: { key: true, value: true },
        },
      },
    });
    // A member is a customer of a program site who signs in to that site's user store.
    const policy = customer ? sitePolicy(storedSite(customer.site)) : null;
    if (!customer || !policy?.staffProgram || customer.identity?.store !== policy.userStore) return null;
    return { ...customer, identity: customer.identity };
  }

  async function requireRows(customerId: string) {
    const found = await rows(customerId);
    if (!found) throw new StaffError("NOT_A_MEMBER", "Sign in with your staff-feeding account.", undefined, 403);
    return found;
  }

  function toMember(found: NonNullable<Awaited<ReturnType<typeof rows>>>): StaffMember {
    const settings = deps.settings();
    const user = found.identity;
    const meta = new Map(found.metafields.map((m) => [m.key, m.value]));
    const registered = isRegistered({ accountGroup: user.sapCustomerAccountGroup, shipTo: user.sfPreferedShipTo });
    const eligible = registered && isEligibleForPd(user.sapCustomerAccountGroup, settings.eligibleGroups);
    const preferredAddress = preferredAddressOf(meta.get("preferred_address"));
    const clinic = found.clinic;
    return {
      customerId: found.id,
      email: found.email,
      firstName: found.firstName,
      lastName: found.lastName,
      country: user.country,
      hasRole: user.roleCode !== null,
      roleCode: user.roleCode,
      graduationYear: user.graduationYear,
      currentSchoolName: user.currentSchoolName,
      SF_PreferedShipTo: user.sfPreferedShipTo,
      SF_StoreSoldTo: user.sfStoreSoldTo,
      accountGroup: user.sapCustomerAccountGroup,
      isRegistered: registered,
      isEligibleForPd: eligible,
      programDiscountPercent: eligible ? settings.discountPercent : null,
      isFTCAcknowledged: user.ftcAcknowledgedAt !== null,
      clinic: clinic ? { ...toAddress(clinic), name: clinic.name, groupID: clinic.groupId, kind: clinic.kind } : null,
      preferredAddress,
      homeZip: found.defaultAddress?.zip ?? null,
      location:
        registered && clinic
          ? memberLocation({
              preferred: preferredAddress,
              clinicZip: clinic.zip,
              clinicHomeDeliveryOnly: clinic.homeDeliveryOnly,
              homeZip: found.defaultAddress?.zip ?? null,
            })
          : null,
      quota: quotaStatus(
        found,
        quotaMonthOf(now(), settings.timeZone ?? DEFAULT_SHOP_TIME_ZONE),
        settings.monthlyQuotaCents,
      ),
    };
  }

  async function member(customerId: string): Promise<StaffMember | null> {
    const found = await rows(customerId);
    return found ? toMember(found) : null;
  }

  /** Finds a clinic of the program by its group id; unknown or another program's ids are refused. */
  async function joinableClinic(groupId: string) {
    const clinic = await db.clinic.findUnique({ where: { groupId: groupId.trim().toUpperCase() } });
    if (!clinic) {
      throw new StaffError("CLINIC_NOT_FOUND", "We could not find a clinic or school with that id.", "groupID", 404);
    }
    if (clinic.program !== STAFF_PROGRAM) {
      throw new StaffError(
        "OTHER_PROGRAM",
        `${clinic.name} is not part of the staff-feeding program. Choose your own clinic or school.`,
        "groupID",
      );
    }
    return clinic;
  }

  /**
   * Creates or updates the onboarding metafields (shop-core spec section 4):
   * ship-to, sold-to, preferred address (default "clinic") and clinic zip. Only
   * values that differ are written; one refused (userErrors) is not recorded as
   * updated.
   */
  async function onboard(customerId: string): Promise<OnboardingResult> {
    const found = await requireRows(customerId);
    const current = toMember(found);
    if (!current.isRegistered || !found.clinic) return { updated: [], refused: [], location: null };
    const existing = new Map(found.metafields.map((m) => [m.key, m.value]));
    const wanted: Record<(typeof ONBOARDING_KEYS)[number], string> = {
      ship_to: found.identity.sfPreferedShipTo ?? "",
      sold_to: found.identity.sfStoreSoldTo ?? "",
      preferred_address: existing.get("preferred_address") ?? "clinic",
      clinic_zip: found.clinic.zip,
    };
    const keys = ONBOARDING_KEYS.filter((key) => existing.get(key) !== wanted[key]);
    if (keys.length === 0) return { updated: [], refused: [], location: current.location };
    const inputs: MetafieldInput[] = keys.map((key) => ({
      namespace: SAVED_CART_METAFIELD.namespace,
      key,
      type: SAVED_CART_METAFIELD.type,
      value: wanted[key],
    }));
    const { userErrors } = await deps.customers.writeShopMetafields(customerId, inputs);
    const refused = userErrors.map((error) => ({ key: keys[error.field[1]], message: error.message }));
    const refusedKeys = new Set(refused.map((r) => r.key));
    const updated = keys.filter((key) => !refusedKeys.has(key));
    // The location follows what was stored: a refused preference leaves the previous one.
    const after = toMember(await requireRows(customerId));
    return { updated, refused, location: after.location };
  }

  /** Joins a clinic or school: assigns the account group, ship-to and sold-to, then onboards. */
  async function joinClinic(customerId: string, groupId: string): Promise<StaffMember> {
    const found = await requireRows(customerId);
    const clinic = await joinableClinic(groupId);
    const role = roleFor(found.identity.roleCode);
    if (role) requireKind(role, clinic.kind, "groupID");
    await db.$transaction(async (tx) => {
      await tx.identityUser.update({
        where: { id: found.identity.id },
        data: {
          sapCustomerAccountGroup: clinic.accountGroup,
          sfPreferedShipTo: clinic.shipTo,
          sfStoreSoldTo: clinic.soldTo,
          currentSchoolName: clinic.kind === "school" ? clinic.name : null,
        },
      });
      await tx.customer.update({ where: { id: customerId }, data: { clinicId: clinic.id } });
    });
    await onboard(customerId);
    return (await member(customerId))!;
  }

  /**
   * True for a signed-in staff-site member who has not registered with a clinic or school yet
   * (the site-access gate asks on every request of such a session: one small read).
   */
  async function registrationPending(customerId: string): Promise<boolean> {
    const user = await db.identityUser.findUnique({
      where: { customerId },
      select: {
        store: true,
        sapCustomerAccountGroup: true,
        sfPreferedShipTo: true,
        customer: { select: { site: true } },
      },
    });
    const policy = user?.customer ? sitePolicy(storedSite(user.customer.site)) : null;
    if (!user || !policy?.staffProgram || user.store !== policy.userStore) return false;
    return !isRegistered({ accountGroup: user.sapCustomerAccountGroup, shipTo: user.sfPreferedShipTo });
  }

  return {
    member,
    onboard,
    joinClinic,
    registrationPending,

    /** Clinics and schools of the program by name, city or zip prefix (search-clinic). */
    async searchClinics(query: { searchType: ClinicSearchType; searchTerm: string }): Promise<ClinicSummary[]> {
      const term = query.searchTerm.trim();
      const where =
        query.searchType === "zip"
          ? { zip: { startsWith: term } }
          : query.searchType === "city"
            ? { city: containsIgnoringCase(term) }
            : { name: containsIgnoringCase(term) };
      const found = await db.clinic.findMany({
        where: { program: STAFF_PROGRAM, ...where },
        orderBy: [{ name: "asc" }],
        take: CLINIC_SEARCH_LIMIT,
        select: clinicSelect,
      });
      return found.map(toSummary);
    },

    /** The address of a program clinic by its clinicID (ship-to number): fetch-address. */
    async clinicAddress(clinicId: string): Promise<ClinicSummary> {
      const clinic = await db.clinic.findUnique({
        where: { shipTo: clinicId.trim() },
        select: { ...clinicSelect, program: true },
      });
      if (!clinic || clinic.program !== STAFF_PROGRAM) {
        throw new StaffError("CLINIC_NOT_FOUND", "We could not find a clinic with that id.", "clinicID", 404);
      }
      return toSummary(clinic);
    },

    /**
     * The registration step (shop-core spec section 4): role and graduation year
     * (students), then the clinic or school. Validated before anything changes.
     */
    async register(
      customerId: string,
      input: { roleCode: string; graduationYear?: number; groupId: string },
    ): Promise<StaffMember> {
      const found = await requireRows(customerId);
      const role = roleFor(input.roleCode);
      if (!role) throw new StaffError("INVALID", "Choose what you do.", "roleCode");
      if (role.student && input.graduationYear === undefined) {
        throw new StaffError("INVALID", "Choose your graduation year.", "graduationYear");
      }
      const clinic = await joinableClinic(input.groupId);
      requireKind(role, clinic.kind, "groupId");
      await db.identityUser.update({
        where: { id: found.identity.id },
        data: { roleCode: role.code, graduationYear: role.student ? (input.graduationYear ?? null) : null },
      });
      return joinClinic(customerId, clinic.groupId);
    },

    /** Stores the FTC acknowledgement (isFTCAcknowledged), once. */
    async acknowledgeFtc(customerId: string): Promise<void> {
      const found = await requireRows(customerId);
      if (found.identity.ftcAcknowledgedAt) return;
      await db.identityUser.update({ where: { id: found.identity.id }, data: { ftcAcknowledgedAt: now() } });
    },

    /** Ship to the clinic or home from now on (the preferred-address metafield). */
    async setPreferredAddress(customerId: string, preferred: PreferredAddress): Promise<StaffMember> {
      await requireRows(customerId);
      const { userErrors } = await deps.customers.writeShopMetafields(customerId, [
        {
          namespace: SAVED_CART_METAFIELD.namespace,
          key: "preferred_address",
          type: SAVED_CART_METAFIELD.type,
          value: preferred,
        },
      ]);
      if (userErrors.length) throw new StaffError("INVALID", userErrors[0].message, "preferredAddress");
      return (await member(customerId))!;
    },

    /**
     * Program terms for pricing an order: the discount for an eligible
     * member, and the monthly quota for every registered member.
     */
    async pricingTerms(customerId: string): Promise<{
      programDiscountPercent: number;
      quota: { month: string; limitCents: number } | null;
    }> {
      const found = await member(customerId);
      if (!found?.isRegistered) return { programDiscountPercent: 0, quota: null };
      return {
        programDiscountPercent: found.programDiscountPercent ?? 0,
        quota: { month: found.quota.month, limitCents: found.quota.limitCents },
      };
    },
  };
}
