// Every difference between the two sites (docs/rules.md "Site policy"): what a site
// sells, which prices and messages it shows, what it calls a recurring order, and
// the staff-feeding program's attestation and clinic shipping. Code asks the policy
// (`sitePolicy(site).requiresAttestation`), never compares a site id.
import type { SiteId } from "./site";

export interface SitePolicy {
  /** The product column that says this site sells a product (catalogue spec section 1). */
  soldOnFlag: "soldOnDtc" | "soldOnHpsf";
  /** Retail prices on cards, product pages, search and the product APIs (catalogue spec section 1). */
  showsRetailPrices: boolean;
  /** Shipping messaging: the free-shipping tracker and shipping notes (catalogue spec section 1). */
  showsShippingMessages: boolean;
  /** Autoship savings messaging ("and save an extra 5%"). */
  showsAutoshipSavings: boolean;
  /** What a recurring order is called in the account and its emails. */
  autoshipNoun: { singular: string; plural: string };
  /** The staff-feeding program: member pricing and monthly quota, member APIs (shop-core spec section 3). */
  staffProgram: boolean;
  /** Checkout asks the shopper to attest program eligibility. */
  requiresAttestation: boolean;
  /** Orders may ship to the member's clinic. */
  shipsToClinic: boolean;
  /** AUTO35 on a first autoship order (docs/rules.md "Pricing, discounts and shipping"). */
  offersFirstAutoshipDiscount: boolean;
}

const POLICIES: Record<SiteId, SitePolicy> = {
  DTC: {
    soldOnFlag: "soldOnDtc",
    showsRetailPrices: true,
    showsShippingMessages: true,
    showsAutoshipSavings: true,
    autoshipNoun: { singular: "subscription", plural: "subscriptions" },
    staffProgram: false,
    requiresAttestation: false,
    shipsToClinic: false,
    offersFirstAutoshipDiscount: true,
  },
  HPSF: {
    soldOnFlag: "soldOnHpsf",
    showsRetailPrices: false,
    showsShippingMessages: false,
    showsAutoshipSavings: false,
    autoshipNoun: { singular: "autoship", plural: "autoships" },
    staffProgram: true,
    requiresAttestation: true,
    shipsToClinic: true,
    offersFirstAutoshipDiscount: false,
  },
};

/** The policy of a site. */
export function sitePolicy(site: SiteId): SitePolicy {
  return POLICIES[site];
}
