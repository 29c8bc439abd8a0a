import { describe, expect, it } from "vitest";
import { isEligibleForPd, isRegistered, mapIdentityProfile } from "./identity-profile";

describe("identity provider profile and data (shop-core spec section 3)", () => {
  it("maps the provider's profile and data fields", () => {
    expect(
      mapIdentityProfile({
        profile: { email: "Vet@Clinic.example", firstName: "Sam", lastName: "Ng", country: "US" },
        data: {
          roleCode: "VT",
          graduationYear: "2019",
          SF_PreferedShipTo: "0001000123",
          SF_StoreSoldTo: "0002000123",
          currentSchoolName: "State Vet School",
          SAP_CustomerAccountGroup: "ZPRO",
        },
      }),
    ).toEqual({
      subject: null,
      email: "vet@clinic.example",
      emailVerified: false,
      firstName: "Sam",
      lastName: "Ng",
      country: "US",
      roleCode: "VT",
      graduationYear: 2019,
      shipTo: "0001000123",
      soldTo: "0002000123",
      currentSchoolName: "State Vet School",
      accountGroup: "ZPRO",
    });
  });

  it("reads standard OpenID Connect claims and refuses an answer without an email", () => {
    expect(mapIdentityProfile({ email: "a@b.example", given_name: "A", family_name: "B" })).toMatchObject({
      email: "a@b.example",
      firstName: "A",
      lastName: "B",
      accountGroup: null,
      graduationYear: null,
    });
    expect(mapIdentityProfile({ given_name: "A" })).toBeNull();
    expect(mapIdentityProfile("nope")).toBeNull();
  });

  it("reads sub, and counts an email as verified only when email_verified is the boolean true (OpenID Connect Core 1.0 section 5.1)", () => {
    const base = { sub: "248289761001", email: "a@b.example" };
    expect(mapIdentityProfile({ ...base, email_verified: true })).toMatchObject({
      subject: "248289761001",
      emailVerified: true,
    });
    expect(mapIdentityProfile({ ...base, email_verified: false })?.emailVerified).toBe(false);
    expect(mapIdentityProfile({ ...base, email_verified: "true" })?.emailVerified).toBe(false);
    expect(mapIdentityProfile(base)?.emailVerified).toBe(false);
    expect(mapIdentityProfile({ profile: { email: "a@b.example", email_verified: true } })?.emailVerified).toBe(true);
    expect(mapIdentityProfile({ email: "a@b.example", sub: "" })?.subject).toBeNull();
  });

  it("derives isRegistered and isEligibleForPd", () => {
    expect(isRegistered({ accountGroup: "ZPRO", shipTo: "1" })).toBe(true);
    expect(isRegistered({ accountGroup: "ZPRO", shipTo: null })).toBe(false);
    expect(isEligibleForPd("ZPRO", ["ZPRO", "ZSCH"])).toBe(true);
    expect(isEligibleForPd("ZOTH", ["ZPRO"])).toBe(false);
    expect(isEligibleForPd(null, ["ZPRO"])).toBe(false);
  });
});
