import { describe, expect, it } from "vitest";
import { SITE_IDS } from "./site";
import { sitePolicy, type SitePolicy } from "./site-policy";

// Every answer of each site, written out: flipping any field of the policy fails here
// (catalogue spec section 1 for what each mode shows, shop-core spec sections 2-4 for
// the program, the user stores, breadcrumbs and the page-view tracker).
const CONSUMER: SitePolicy = {
  soldOnFlag: "soldOnDtc",
  showsRetailPrices: true,
  showsShippingMessages: true,
  showsAutoshipSavings: true,
  offersFirstAutoshipDiscount: true,
  givesDonations: true,
  autoshipNoun: { singular: "subscription", plural: "subscriptions" },
  staffProgram: false,
  requiresAttestation: false,
  shipsToClinic: false,
  userStore: "home",
  sellsPrescriptionDiet: false,
  sellsTreats: true,
  cardSizeSelector: false,
  showsVetSupervisedLabel: false,
  breadcrumbTrail: "home",
  tracksAnalytics: true,
  publishesSiteSearch: true,
  publishesProductFeed: true,
  headerProgramLabel: null,
  footerNote: "Free shipping on qualifying orders to the contiguous US.",
  homeIntro: {
    heading: "Food that does more for your pet",
    text: "Science Diet dry and wet food and Hill's Treats, delivered to your door once or on autoship.",
  },
};

const STAFF: SitePolicy = {
  soldOnFlag: "soldOnHpsf",
  showsRetailPrices: false,
  showsShippingMessages: false,
  showsAutoshipSavings: false,
  offersFirstAutoshipDiscount: false,
  givesDonations: false,
  autoshipNoun: { singular: "autoship", plural: "autoships" },
  staffProgram: true,
  requiresAttestation: true,
  shipsToClinic: true,
  userStore: "staff",
  sellsPrescriptionDiet: true,
  sellsTreats: false,
  cardSizeSelector: true,
  showsVetSupervisedLabel: true,
  breadcrumbTrail: "catalog",
  tracksAnalytics: false,
  publishesSiteSearch: false,
  publishesProductFeed: false,
  headerProgramLabel: "Pro Staff Feeding",
  footerNote: "For members of the staff-feeding program only.",
  homeIntro: {
    heading: "Nutrition for the pets of the people who care for pets",
    text: "Program members order Science Diet and Prescription Diet for their own pets and ship to their clinic or home.",
  },
};

describe('site policy (docs/rules.md "Site policy")', () => {
  it("answers every question for the consumer site (DTC)", () => {
    expect(sitePolicy("DTC")).toStrictEqual(CONSUMER);
  });

  it("answers every question for the staff-feeding site (HPSF)", () => {
    expect(sitePolicy("HPSF")).toStrictEqual(STAFF);
  });

  it("has a policy for every site and no two sites share a sold-on column or user store", () => {
    const policies = SITE_IDS.map(sitePolicy);
    expect(policies.every(Boolean)).toBe(true);
    expect(new Set(policies.map((p) => p.soldOnFlag)).size).toBe(SITE_IDS.length);
    expect(new Set(policies.map((p) => p.userStore)).size).toBe(SITE_IDS.length);
  });

  it("keeps the staff program's answers together: attestation, clinic shipping and the hidden retail messaging", () => {
    for (const site of SITE_IDS) {
      const policy = sitePolicy(site);
      expect(policy.requiresAttestation, site).toBe(policy.staffProgram);
      expect(policy.shipsToClinic, site).toBe(policy.staffProgram);
      expect(policy.showsRetailPrices, site).toBe(!policy.staffProgram);
      expect(policy.cardSizeSelector, site).toBe(!policy.showsRetailPrices);
    }
  });
});
