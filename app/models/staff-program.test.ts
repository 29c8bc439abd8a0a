import { describe, expect, it } from "vitest";
import { priceOrder } from "./order-pricing";
import { ClinicSearchSchema, registrationSchema } from "~/models/staff-program-forms";
import {
  memberLocation,
  preferredAddressOf,
  programDiscountCents,
  quotaAllows,
  quotaStatus,
  registrationGuard,
  stockDestinationFor,
  roleFor,
  STAFF_ROLES,
} from "~/models/staff-program";
import { graduationYears, quotaMonthLabel, quotaMonthOf } from "~/models/staff-program-dates";

const today = new Date("2026-05-15T12:00:00Z");

/** The messages of a failed parse, keyed by their path. */
function issues(result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}

describe("registration step (shop-core spec section 4, registration)", () => {
  const schema = registrationSchema(today, "America/New_York");

  it("requires a role", () => {
    expect(issues(schema.safeParse({ groupId: "clinic-1" }))).toEqual([
      { path: "roleCode", message: "Choose what you do." },
    ]);
    expect(issues(schema.safeParse({ roleCode: "XYZ", groupId: "clinic-1" }))).toEqual([
      { path: "roleCode", message: "Choose what you do." },
    ]);
  });

  it("asks a student (VS or VTS) for a graduation year", () => {
    for (const roleCode of ["VS", "VTS"]) {
      expect(issues(schema.safeParse({ roleCode, groupId: "school-1" }))).toEqual([
        { path: "graduationYear", message: "Choose your graduation year." },
      ]);
      expect(issues(schema.safeParse({ roleCode, graduationYear: "", groupId: "school-1" }))).toEqual([
        { path: "graduationYear", message: "Choose your graduation year." },
      ]);
    }
    const student = schema.safeParse({ roleCode: "VS", graduationYear: "2028", groupId: "school-1" });
    expect(student.success).toBe(true);
    expect(student.data).toEqual({ roleCode: "VS", graduationYear: 2028, groupId: "school-1" });
  });

  it("needs no graduation year from a non-student", () => {
    const result = schema.safeParse({ roleCode: "DVM", groupId: "clinic-1" });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ roleCode: "DVM", graduationYear: undefined, groupId: "clinic-1" });
  });

  it("accepts a year from this year to six years on, and refuses any other", () => {
    for (const year of ["2026", "2032"]) {
      expect(schema.safeParse({ roleCode: "VTS", graduationYear: year, groupId: "school-1" }).success).toBe(true);
    }
    for (const year of ["2025", "2033"]) {
      expect(issues(schema.safeParse({ roleCode: "VTS", graduationYear: year, groupId: "school-1" }))).toEqual([
        { path: "graduationYear", message: "Choose a year from 2026 to 2032." },
      ]);
    }
  });

  it("requires the clinic or school joined", () => {
    const message = "Find your clinic or school and choose it.";
    expect(issues(schema.safeParse({ roleCode: "DVM" }))).toEqual([{ path: "groupId", message }]);
    expect(issues(schema.safeParse({ roleCode: "DVM", groupId: "  " }))).toEqual([{ path: "groupId", message }]);
    expect(issues(schema.safeParse({ roleCode: "DVM", groupId: "x".repeat(41) }))).toEqual([
      { path: "groupId", message },
    ]);
  });
});

describe("clinic search (shop-core spec section 7, search-clinic)", () => {
  it("searches by name, city or zip only", () => {
    expect(issues(ClinicSearchSchema.safeParse({ searchType: "state", searchTerm: "Colorado" }))).toEqual([
      { path: "searchType", message: "Search by name, city or zip code." },
    ]);
  });

  it("needs at least 2 characters", () => {
    expect(issues(ClinicSearchSchema.safeParse({ searchType: "name", searchTerm: " a " }))).toEqual([
      { path: "searchTerm", message: "Enter at least 2 characters." },
    ]);
    expect(ClinicSearchSchema.safeParse({ searchType: "name", searchTerm: "ab" }).success).toBe(true);
  });

  it("takes 3 to 5 digits for a zip search", () => {
    const message = "Enter the first 3 to 5 digits of a zip code.";
    for (const searchTerm of ["80", "802123", "80a12", "Denver"]) {
      expect(issues(ClinicSearchSchema.safeParse({ searchType: "zip", searchTerm }))).toContainEqual({
        path: "searchTerm",
        message,
      });
    }
    for (const searchTerm of ["802", "80212"]) {
      expect(ClinicSearchSchema.safeParse({ searchType: "zip", searchTerm }).success).toBe(true);
    }
  });

  it("takes a search term of at most 60 characters", () => {
    expect(ClinicSearchSchema.safeParse({ searchType: "name", searchTerm: "a".repeat(60) }).success).toBe(true);
    expect(issues(ClinicSearchSchema.safeParse({ searchType: "name", searchTerm: "a".repeat(61) }))).toEqual([
      { path: "searchTerm", message: "Keep the search under 60 characters." },
    ]);
  });

  it("accepts a city search", () => {
    const result = ClinicSearchSchema.safeParse({ searchType: "city", searchTerm: "Denver" });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ searchType: "city", searchTerm: "Denver" });
  });
});

describe("program pricing (catalogue spec section 2, cart page)", () => {
  it("takes the percent off, rounded half up to whole cents", () => {
    expect(programDiscountCents(10000, 30)).toBe(3000);
    expect(programDiscountCents(1005, 30)).toBe(302);
    expect(programDiscountCents(1001, 30)).toBe(300);
    expect(programDiscountCents(10000, 0)).toBe(0);
    expect(programDiscountCents(0, 30)).toBe(0);
  });

  it("gives the subtotal before savings, the program discount and what is left (through priceOrder)", () => {
    const priced = (subtotalCents: number, percent: number) => {
      const order = priceOrder({
        lines: [{ id: "l1", quantity: 1, unitPriceCents: subtotalCents, sellingPlanId: null }],
        shipToZip: null,
        freeShippingMinimumCents: 0,
        shippingRateCents: 0,
        taxRates: {},
        programDiscountPercent: percent,
      });
      return { subtotal: order.subtotalCents, discount: order.programDiscountCents, left: order.merchandiseCents };
    };
    expect(priced(10000, 30)).toEqual({ subtotal: 10000, discount: 3000, left: 7000 });
    expect(priced(1005, 30)).toEqual({ subtotal: 1005, discount: 302, left: 703 });
    expect(priced(4999, 0)).toEqual({ subtotal: 4999, discount: 0, left: 4999 });
  });
});

describe("monthly quota (shop-core spec section 3, quotaMonth and quotaValue)", () => {
  it("names the month of a moment in the shop's time zone, turning at midnight in New York", () => {
    const NY = "America/New_York";
    // 23:30 on January 31 in New York is February 1 in UTC: it counts in January.
    expect(quotaMonthOf(new Date("2026-02-01T04:30:00Z"), NY)).toBe("2026-01");
    expect(quotaMonthOf(new Date("2026-02-01T04:59:59Z"), NY)).toBe("2026-01"); // 23:59:59 EST
    expect(quotaMonthOf(new Date("2026-02-01T05:00:00Z"), NY)).toBe("2026-02"); // 00:00:00 EST
    // In summer New York is 4 hours behind UTC: the month turns at 04:00 UTC.
    expect(quotaMonthOf(new Date("2026-07-01T03:59:59Z"), NY)).toBe("2026-06");
    expect(quotaMonthOf(new Date("2026-07-01T04:00:00Z"), NY)).toBe("2026-07");
    expect(quotaMonthOf(new Date("2026-02-01T04:30:00Z"), "UTC")).toBe("2026-02");
  });

  it("offers graduation years from this year in the shop's time zone", () => {
    expect(graduationYears(new Date("2027-01-01T04:30:00Z"), "America/New_York")).toEqual([
      2026, 2027, 2028, 2029, 2030, 2031, 2032,
    ]);
  });

  it("counts quotaValue in the same month", () => {
    expect(quotaStatus({ quotaMonth: "2026-11", quotaValue: 12000 }, "2026-11", 50000)).toEqual({
      month: "2026-11",
      limitCents: 50000,
      usedCents: 12000,
      remainingCents: 38000,
      reached: false,
    });
  });

  it("starts a different or unset month from zero", () => {
    const fresh = { month: "2026-12", limitCents: 50000, usedCents: 0, remainingCents: 50000, reached: false };
    expect(quotaStatus({ quotaMonth: "2026-11", quotaValue: 12000 }, "2026-12", 50000)).toEqual(fresh);
    expect(quotaStatus({ quotaMonth: null, quotaValue: 12000 }, "2026-12", 50000)).toEqual(fresh);
  });

  it("never leaves less than 0, and is reached exactly when nothing is left", () => {
    expect(quotaStatus({ quotaMonth: "2026-11", quotaValue: 60000 }, "2026-11", 50000)).toEqual({
      month: "2026-11",
      limitCents: 50000,
      usedCents: 60000,
      remainingCents: 0,
      reached: true,
    });
    expect(quotaStatus({ quotaMonth: "2026-11", quotaValue: 50000 }, "2026-11", 50000).reached).toBe(true);
    const oneCentLeft = quotaStatus({ quotaMonth: "2026-11", quotaValue: 49999 }, "2026-11", 50000);
    expect(oneCentLeft.remainingCents).toBe(1);
    expect(oneCentLeft.reached).toBe(false);
  });

  it("allows an order up to what is left, not a cent more", () => {
    const status = quotaStatus({ quotaMonth: "2026-11", quotaValue: 12000 }, "2026-11", 50000);
    expect(quotaAllows(status, 38000)).toBe(true);
    expect(quotaAllows(status, 38001)).toBe(false);
  });

  it("labels the month in words", () => {
    expect(quotaMonthLabel("2026-11")).toBe("November 2026");
    expect(quotaMonthLabel("2027-01")).toBe("January 2027");
  });
});

describe("preferred address and stored location (shop-core spec section 4, location)", () => {
  it("reads the preferred address, clinic by default", () => {
    expect(preferredAddressOf("home")).toBe("home");
    expect(preferredAddressOf("clinic")).toBe("clinic");
    expect(preferredAddressOf("office")).toBe("clinic");
    expect(preferredAddressOf(null)).toBe("clinic");
    expect(preferredAddressOf(undefined)).toBe("clinic");
  });

  it("stores the clinic's zip when the clinic is preferred and ships there", () => {
    expect(
      memberLocation({ preferred: "clinic", clinicZip: "80012", clinicHomeDeliveryOnly: false, homeZip: "80202" }),
    ).toBe("80012::clinic");
  });

  it("forces home for a home-delivery-only clinic", () => {
    expect(
      memberLocation({ preferred: "clinic", clinicZip: "80012", clinicHomeDeliveryOnly: true, homeZip: "80202" }),
    ).toBe("80202::home");
  });

  it("stores the home zip when home is preferred, the clinic's zip while there is no home address", () => {
    expect(
      memberLocation({ preferred: "home", clinicZip: "80012", clinicHomeDeliveryOnly: false, homeZip: "80202" }),
    ).toBe("80202::home");
    expect(
      memberLocation({ preferred: "home", clinicZip: "80012", clinicHomeDeliveryOnly: false, homeZip: null }),
    ).toBe("80012::home");
  });
});

describe('stock destination (catalogue spec section 5; docs/rules.md "Staff-feeding program")', () => {
  it("checks the clinic's stock only for a registered member whose location is the clinic", () => {
    expect(stockDestinationFor({ registeredMember: true, atClinic: true })).toBe("CLINIC");
    expect(stockDestinationFor({ registeredMember: true, atClinic: false })).toBe("HOME");
    expect(stockDestinationFor({ registeredMember: false, atClinic: true })).toBe("HOME");
    expect(stockDestinationFor({ registeredMember: false, atClinic: false })).toBe("HOME");
  });
});

describe("registration guard (shop-core spec sections 4 and 6)", () => {
  const guard = (pathname: string, signedIn: boolean, registered: boolean, search = "") =>
    registrationGuard({ pathname, search, signedIn, registered });

  it("leaves guests and registered members alone", () => {
    expect(guard("/products", false, false, "?x=1")).toBeNull();
    expect(guard("/products", true, true, "?x=1")).toBeNull();
  });

  it("sends an unregistered member to register, keeping the page and query", () => {
    expect(guard("/products", true, false, "?x=1")).toEqual({ kind: "register", returnTo: "/products?x=1" });
    expect(guard("/cart", true, false)).toEqual({ kind: "register", returnTo: "/cart" });
  });

  it("lets an unregistered member open the allowed pages and the registration calls", () => {
    for (const path of [
      "/shelter/register",
      "/logout",
      "/terms-and-conditions",
      "/api/embedded/search-clinic",
      "/api/embedded/join-clinic",
      "/api/ecom/v1.0/refresh-session-token",
      "/api/client-errors",
    ]) {
      expect(guard(path, true, false)).toBeNull();
    }
  });

  it("refuses an unregistered member's other JSON calls (carts, orders), and leaves guests' alone", () => {
    for (const path of ["/api/ecom/v1.0/add-cart-line-items", "/api/ecom/v1.0/get-embedded-orders", "/api/crypto"]) {
      expect(guard(path, true, false)).toEqual({ kind: "refuse" });
      expect(guard(path, false, false)).toBeNull();
      expect(guard(path, true, true)).toBeNull();
    }
    expect(guard("/api/embedded", true, false)).toEqual({ kind: "refuse" });
  });
});

describe("staff roles (shop-core spec section 1, roles)", () => {
  it("finds a role by its code", () => {
    expect(roleFor("DVM")).toEqual({ code: "DVM", label: "Veterinarian", student: false, joins: "clinic" });
    expect(roleFor("VS")).toEqual({ code: "VS", label: "Veterinary student", student: true, joins: "school" });
    expect(roleFor("XYZ")).toBeNull();
    expect(roleFor(null)).toBeNull();
    expect(roleFor(undefined)).toBeNull();
  });

  it("has exactly the students VS and VTS, and they join a school", () => {
    const students = STAFF_ROLES.filter((role) => role.student);
    expect(students.map((role) => role.code)).toEqual(["VS", "VTS"]);
    expect(students.every((role) => role.joins === "school")).toBe(true);
    expect(STAFF_ROLES.map((role) => role.code)).toEqual(["DVM", "VT", "PM", "CSR", "KA", "VS", "VTS", "FAC"]);
  });
});
