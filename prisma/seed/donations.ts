// Seeds the embedded donation service (docs/decisions.md "Donations"): the store
// "Pet Nutrition Gives" with its campaigns, default and featured causes, cause multipliers
// and two customer segments; a few dozen fictional charities (EINs "89-NNNNNNN": 89 is a
// prefix the IRS does not assign, so none is a real charity's; websites under
// example.org) and one portfolio. Each charity's logo is drawn here as an SVG file under
// public/images/charities/ (git-ignored). Idempotent: rows are upserted by fixed ids.
import fs from "node:fs/promises";
import path from "node:path";
import type { PrismaClient } from "~/generated/prisma/client";
import { initialsOf, logoSvg } from "~/models/donation-logos";
import { CAMPAIGN, DONATION_TYPE, EMBEDDED_DONATION_STORE_ID } from "~/models/donations";
import { stableHash } from "./catalogue";

/** Folder under public/ (git-ignored) that holds the charities' logos. */
const LOGO_DIR = path.join("public", "images", "charities");

// prettier-ignore
/** The charities: [EIN, name, category id (3 Animal-Related), city, state, zip, logo drawn?, what it does]. */
const CHARITIES: readonly (readonly [string, string, number, string, string, string, boolean, string])[] = [
  ["89-1040231", "Second Chance Shelter Alliance",      3, "Topeka",         "KS", "66603", true,  "Helps shelters in the Midwest feed, treat and rehome the pets in their care."],
  ["89-1040232", "Willamette Whiskers Rescue",          3, "Portland",       "OR", "97214", true,  "Foster-based rescue for cats and kittens across the Portland metro area."],
  ["89-1040233", "Hill Country Hound Haven",            3, "Austin",         "TX", "78704", true,  "Rescues hounds and senior dogs from rural Texas shelters."],
  ["89-1040234", "Front Range Feline Friends",          3, "Denver",         "CO", "80205", true,  "Runs a low-cost spay and neuter clinic and a cat adoption center."],
  ["89-1040235", "Buckeye Paws Adoption League",        3, "Columbus",       "OH", "43215", true,  "Matches shelter dogs with families and supports them after adoption."],
  ["89-1040236", "Triangle Pet Pantry",                 3, "Raleigh",        "NC", "27601", true,  "A pet food bank that keeps pets fed and at home with families in need."],
  ["89-1040237", "Twin Cities Senior Pet Sanctuary",    3, "Minneapolis",    "MN", "55408", true,  "Gives older dogs and cats a home for life and finds them adopters."],
  ["89-1040238", "Desert Dog Rescue Network",           3, "Phoenix",        "AZ", "85004", true,  "Pulls dogs from crowded desert shelters into foster homes."],
  ["89-1040239", "Treasure Valley Animal Aid",          3, "Boise",          "ID", "83702", true,  "Emergency veterinary grants for pets whose owners cannot pay."],
  ["89-1040240", "Isthmus Cat Collective",              3, "Madison",        "WI", "53703", true,  "Trap-neuter-return and barn-cat placement programs."],
  ["89-1040241", "Blue Ridge Animal Rescue Fund",       3, "Asheville",      "NC", "28801", true,  "Supports mountain shelters after floods and storms."],
  ["89-1040242", "Puget Sound Pet Rescue",              3, "Seattle",        "WA", "98103", true,  "Adoption center and foster network for dogs, cats and rabbits."],
  ["89-1040243", "Capitol City Humane Partners",        3, "Sacramento",     "CA", "95814", true,  "Behavior training that helps shy shelter dogs get adopted."],
  ["89-1040244", "River City Canine Companions",        3, "Richmond",       "VA", "23220", true,  "Trains shelter dogs as companions for veterans."],
  ["89-1040245", "Heartland Shelter Pets Coalition",    3, "Kansas City",    "MO", "64108", true,  "Moves pets from full rural shelters to cities with adopters waiting."],
  ["89-1040246", "Music City Mutt Rescue",              3, "Nashville",      "TN", "37203", true,  "Rescues mixed-breed dogs and pays for their medical care."],
  ["89-1040247", "Green Mountain Animal Welfare",       3, "Burlington",     "VT", "05401", true,  "Runs Vermont's only open-admission shelter for small animals."],
  ["89-1040248", "Rio Grande Paws & Claws",             3, "Albuquerque",    "NM", "87102", true,  "Mobile vaccine clinics for pets in underserved neighborhoods."],
  ["89-1040249", "Gulf Coast Animal Relief",            3, "Tampa",          "FL", "33602", true,  "Shelters and feeds pets displaced by hurricanes."],
  ["89-1040250", "Wasatch Working Dog Rescue",          3, "Salt Lake City", "UT", "84101", true,  "Rehomes retired working and herding dogs."],
  ["89-1040251", "Bluegrass Beagle Brigade",            3, "Louisville",     "KY", "40202", true,  "Rescues beagles and other scent hounds."],
  ["89-1040252", "Sunflower State Rabbit Rescue",       3, "Topeka",         "KS", "66604", false, "Cares for and rehomes surrendered rabbits and guinea pigs."],
  ["89-1040253", "Portland Pit Bull Project",           3, "Portland",       "OR", "97217", false, "Adoption and owner support for bully-breed dogs."],
  ["89-1040254", "Austin Animal Foster Fund",           3, "Austin",         "TX", "78702", true,  "Pays for the food and supplies of shelter foster homes."],
  ["89-1040255", "Centennial Wildlife Rehabilitation",  2, "Denver",         "CO", "80211", true,  "Treats injured wildlife and returns it to the wild."],
  ["89-1040256", "Cascade Watershed Trust",             2, "Seattle",        "WA", "98115", true,  "Restores salmon streams and the forests around them."],
  ["89-1040257", "Veterinary Nutrition Research Fund",  7, "Topeka",         "KS", "66614", true,  "Funds research into nutrition for pets with kidney and heart disease."],
  ["89-1040258", "Heartland Community Food Bank",      10, "Kansas City",    "MO", "64127", true,  "Feeds families, and their pets, through 120 partner pantries."],
  ["89-1040259", "Safe Haven Family Shelter",          11, "Nashville",      "TN", "37208", true,  "Emergency housing where families may keep their pets with them."],
  ["89-1040260", "Lakeshore Youth Mentors",            14, "Madison",        "WI", "53713", true,  "Pairs young people with mentors through animal-care projects."],
  ["89-1040261", "Second Wind Veterans Services",      15, "Richmond",       "VA", "23224", true,  "Helps veterans with housing, jobs and their service animals' care."],
  ["89-1040262", "Prairie Disaster Response Team",     12, "Topeka",         "KS", "66608", true,  "Volunteer responders for tornadoes and floods, people and pets alike."],
  ["89-1040263", "Kids & Critters Learning Lab",        1, "Columbus",       "OH", "43205", false, "Science lessons about animals for elementary classrooms."],
  ["89-1040264", "Desert Bloom Arts Collective",        0, "Phoenix",        "AZ", "85003", true,  "Community murals and art classes, including pet portrait days."],
];

/** The portfolio "Shelter Pets Fund": a 32-hex id and its member charities (by EIN). */
const SHELTER_PETS_FUND = {
  id: "a3c9e1f07b2d4c6e8f1a2b3c4d5e6f70",
  name: "Shelter Pets Fund",
  description: "One gift shared by four shelters that feed, treat and rehome pets across the country.",
  members: ["89-1040231", "89-1040235", "89-1040245", "89-1040249"],
};

/** The store (catalogue spec section 3). */
const STORE = {
  id: EMBEDDED_DONATION_STORE_ID,
  name: "Pet Nutrition Gives",
  activeCampaigns: [CAMPAIGN.onlinePurchase, CAMPAIGN.roundUp, CAMPAIGN.addOn],
  defaultCauseId: "89-1040231",
  featuredCauseIds: [SHELTER_PETS_FUND.id, "89-1040231", "89-1040236", "89-1040232"],
  /** The default cause gives twice. */
  causeMultipliers: { "89-1040231": 2 },
  /** 1% of each purchase. */
  defaultDonation: 1,
  defaultDonationType: DONATION_TYPE.percentage,
  letShoppersChoose: true,
  searchEnabled: true,
  isActive: true,
  primaryCurrency: "USD",
};

// prettier-ignore
/** The customer segments (catalogue spec section 3), lower priority first. */
const SEGMENTS = [
  { id: "segment-first-autoship", name: "First autoship orders", frontEndSource: "cart", frontEndPropertyName: "orderType",     valueCategory: "specified", specifiedValues: ["firstPurchaseSubscription"], priorityIndex: 0, excludeSegment: false, donationAction: { type: DONATION_TYPE.percentage, amount: 2 } },
  { id: "segment-employee",       name: "Employee purchases",    frontEndSource: "cart", frontEndPropertyName: "discountCodes", valueCategory: "specified", specifiedValues: ["EMPLOYEE"],                  priorityIndex: 1, excludeSegment: true,  donationAction: null },
];

function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Public URL of a charity's logo. */
function charityLogoUrl(ein: string): string {
  return `/images/charities/${ein}.svg`;
}

/** A charity's own logo: its initials (a paw for animal charities) on a colour of its name. */
function charityLogoSvg(name: string, categoryId: number): string {
  return logoSvg({
    title: name,
    hue: stableHash(name) % 360,
    label: initialsOf(name),
    paw: categoryId === 3 && stableHash(name) % 2 === 0,
  });
}

/** Writes a text file unless it already holds that text. */
async function writeIfChanged(file: string, text: string): Promise<void> {
  const existing = await fs.readFile(file, "utf8").catch(() => null);
  if (existing === text) return;
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, text);
}

export interface DonationSeedSummary {
  charities: number;
  segments: number;
}

/** Seeds the donation store, its charities, portfolio and segments; draws logos when `images`. */
export async function seedDonations(db: PrismaClient, options: { images: boolean }): Promise<DonationSeedSummary> {
  if (options.images) {
    for (const [ein, name, categoryId, , , , drawn] of CHARITIES) {
      if (drawn) await writeIfChanged(path.join(LOGO_DIR, `${ein}.svg`), charityLogoSvg(name, categoryId));
    }
  }
  await db.$transaction(async (tx) => {
    for (const [ein, name, categoryId, city, state, zip, drawn, description] of CHARITIES) {
      const row = {
        ein,
        name,
        website: `https://${slugOf(name)}.example.org`,
        logoUrl: options.images && drawn ? charityLogoUrl(ein) : null,
        city,
        state,
        zip,
        description,
        categoryId,
      };
      await tx.charity.upsert({ where: { id: ein }, create: { id: ein, ...row }, update: row });
    }
    const portfolio = {
      name: SHELTER_PETS_FUND.name,
      description: SHELTER_PETS_FUND.description,
      categoryId: 3,
      portfolioCharityIds: JSON.stringify(SHELTER_PETS_FUND.members),
    };
    await tx.charity.upsert({
      where: { id: SHELTER_PETS_FUND.id },
      create: { id: SHELTER_PETS_FUND.id, ...portfolio },
      update: portfolio,
    });
    const store = {
      name: STORE.name,
      activeCampaigns: JSON.stringify(STORE.activeCampaigns),
      causeMultipliers: JSON.stringify(STORE.causeMultipliers),
      defaultCauseId: STORE.defaultCauseId,
      defaultCauseIds: JSON.stringify([STORE.defaultCauseId]),
      featuredCauseIds: JSON.stringify(STORE.featuredCauseIds),
      defaultDonation: STORE.defaultDonation,
      defaultDonationType: STORE.defaultDonationType,
      letShoppersChoose: STORE.letShoppersChoose,
      searchEnabled: STORE.searchEnabled,
      isActive: STORE.isActive,
      primaryCurrency: STORE.primaryCurrency,
    };
    await tx.donationStore.upsert({ where: { id: STORE.id }, create: { id: STORE.id, ...store }, update: store });
    for (const segment of SEGMENTS) {
      const row = {
        storeId: STORE.id,
        isActive: true,
        name: segment.name,
        excludeSegment: segment.excludeSegment,
        frontEndSource: segment.frontEndSource,
        frontEndPropertyName: segment.frontEndPropertyName,
        valueCategory: segment.valueCategory,
        specifiedValues: JSON.stringify(segment.specifiedValues),
        priorityIndex: segment.priorityIndex,
        donationAction: segment.donationAction ? JSON.stringify(segment.donationAction) : null,
      };
      await tx.donationSegment.upsert({ where: { id: segment.id }, create: { id: segment.id, ...row }, update: row });
    }
  });
  return { charities: CHARITIES.length, segments: SEGMENTS.length };
}
