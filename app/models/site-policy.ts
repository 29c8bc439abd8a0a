// Every difference between the two sites (docs/rules.md "Site policy"): what a site
// sells, which prices and messages it shows, what it calls a recurring order, and
// the staff-feeding program's attestation and clinic shipping. Code asks the policy
// (`sitePolicy(site).requiresAttestation`), never compares a site id.
import type { SiteId } from "./site";

/** The identity provider's user stores: consumers sign in to "home", program members to "staff". */
export type UserStore = "home" | "staff";

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
  /** Orders may ship to the member's clinic; a provider profile's ship-to joins its clinic (shop-core spec section 3). */
  shipsToClinic: boolean;
  /** The identity provider's user store the site's customers sign in to (shop-core spec sections 3-4). */
  userStore: UserStore;
  /** Prescription Diet, its lines and the filter options only its products carry (catalogue spec sections 1 and 3). */
  sellsPrescriptionDiet: boolean;
  /** Hill's Treats: the treats food form, brand option and navigation link (catalogue spec sections 1 and 3). */
  sellsTreats: boolean;
  /** Cards carry every variant and a size selector instead of the size pill (catalogue spec section 1). */
  cardSizeSelector: boolean;
  /** Prescription Diet products are labelled 'Vet-Supervised Nutrition' (catalogue spec section 1). */
  showsVetSupervisedLabel: boolean;
  /** Breadcrumbs: "home" (Home, All Products, species, the remembered category) or "catalog" (Catalog plus filters) (shop-core spec section 2). */
  breadcrumbTrail: "home" | "catalog";
  /**
   * The analytics data layer (page views and ecommerce events) and analytics scripts run
   * (shop-core spec section 2, route guard 3: page views are skipped in staff mode;
   * docs/decisions.md "Analytics": the staff site, whose prices are hidden, tracks nothing).
   */
  tracksAnalytics: boolean;
  /** The home page publishes WebSite structured data with the /search?search= action (catalogue spec section 2). */
  publishesSiteSearch: boolean;
  /**
   * The Google Merchant Center feed at /feeds/google.xml and its robots.txt line (docs/rules.md
   * "Search engines"); the staff site, whose retail prices are hidden, answers 404.
   */
  publishesProductFeed: boolean;
  /** The program's name beside the logo in the header, or null. */
  headerProgramLabel: string | null;
  /** The footer's legal line when content gives none. */
  footerNote: string;
  /** The home page's heading and introduction when content gives no hero. */
  homeIntro: { heading: string; text: string };
  /** AUTO35 on a first autoship order (docs/rules.md "Pricing, discounts and shipping"). */
  offersFirstAutoshipDiscount: boolean;
  /**
   * Orders give to a cause through the donation service: the widget on cart and checkout, the
   * donation on the order (docs/decisions.md "Donations": the staff site, whose prices are
   * hidden, has none).
   */
  givesDonations: boolean;
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
    offersFirstAutoshipDiscount: true,
    givesDonations: true,
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
    offersFirstAutoshipDiscount: false,
    givesDonations: false,
  },
};

/** The policy of a site. */
export function sitePolicy(site: SiteId): SitePolicy {
  return POLICIES[site];
}
