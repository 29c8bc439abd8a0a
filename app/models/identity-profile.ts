// Maps an outside identity provider's answer onto our customer (shop-core spec
// section 3): a profile (country, email, firstName, lastName) and data
// (roleCode, graduationYear, SF_PreferedShipTo, SF_StoreSoldTo, current school
// name, SAP_CustomerAccountGroup). Standard OpenID Connect claims are read too
// (OpenID Connect Core 1.0 section 5.1: sub, email, email_verified, given_name,
// family_name).

export interface IdentityProfile {
  /** The provider's subject identifier (`sub`), null when the answer has none. */
  subject: string | null;
  email: string;
  /** True only when the provider says `email_verified: true` (a boolean, as section 5.1 defines it). */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  country: string;
  roleCode: string | null;
  graduationYear: number | null;
  shipTo: string | null;
  soldTo: string | null;
  currentSchoolName: string | null;
  accountGroup: string | null;
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);

/** The profile in a userinfo answer, or null when it has no usable email. */
export function mapIdentityProfile(userinfo: unknown): IdentityProfile | null {
  if (typeof userinfo !== "object" || userinfo === null) return null;
  const root = userinfo as Record<string, unknown>;
  const profile = (typeof root.profile === "object" && root.profile ? root.profile : root) as Record<string, unknown>;
  const data = (typeof root.data === "object" && root.data ? root.data : root) as Record<string, unknown>;
  const email = text(profile.email)?.toLowerCase() ?? null;
  if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return null;
  const year = Number(data.graduationYear);
  return {
    subject: typeof root.sub === "string" && root.sub ? root.sub : null,
    email,
    emailVerified: (profile.email_verified ?? root.email_verified) === true,
    firstName: text(profile.firstName) ?? text(profile.given_name) ?? "",
    lastName: text(profile.lastName) ?? text(profile.family_name) ?? "",
    country: text(profile.country) ?? "US",
    roleCode: text(data.roleCode),
    graduationYear: Number.isInteger(year) && year > 1900 && year < 2200 ? year : null,
    shipTo: text(data.SF_PreferedShipTo),
    soldTo: text(data.SF_StoreSoldTo),
    currentSchoolName:
      text(data.currentSchoolName) ?? text(data["current school name"]) ?? text(data.current_school_name),
    accountGroup: text(data.SAP_CustomerAccountGroup),
  };
}

/** Shop-core spec section 3: registered when both the account group and the ship-to exist. */
export function isRegistered(profile: Pick<IdentityProfile, "accountGroup" | "shipTo">): boolean {
  return Boolean(profile.accountGroup && profile.shipTo);
}

/** Shop-core spec section 3: eligible for program pricing when the account group is in the configured list. */
export function isEligibleForPd(accountGroup: string | null, eligibleGroups: readonly string[]): boolean {
  return accountGroup !== null && eligibleGroups.includes(accountGroup);
}
