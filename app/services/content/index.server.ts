// The content service as the routes see it. The embedded provider reads typed
// entries from our database; the content issue adds the rest of its calls.
import { prisma } from "~/db.server";
import type { SiteId } from "~/models/site";

/** Free-shipping minimum when the content globals do not set one (catalogue spec section 9). */
export const DEFAULT_FREE_SHIPPING_MINIMUM_CENTS = 5000;

export interface Globals {
  freeShippingMinimumCents: number;
}

/** How long site-wide settings are reused before they are read again. */
export const GLOBALS_TTL_MS = 30_000;
const globalsCache = new Map<SiteId, { at: number; value: Promise<Globals> }>();

/** Site-wide settings from the published "globals" entry, with the spec's fallbacks (cached briefly). */
export function getGlobals(site: SiteId): Promise<Globals> {
  const cached = globalsCache.get(site);
  if (cached && Date.now() - cached.at < GLOBALS_TTL_MS) return cached.value;
  const value = readGlobals(site);
  globalsCache.set(site, { at: Date.now(), value });
  value.catch(() => globalsCache.delete(site));
  return value;
}

async function readGlobals(site: SiteId): Promise<Globals> {
  const entries = await prisma.contentEntry.findMany({
    where: { type: "globals", key: "globals", status: "published", site: { in: [site, "ALL"] } },
    select: { site: true, data: true },
  });
  // A site's own entry wins over the shared one.
  const entry = entries.find((e) => e.site === site) ?? entries[0];
  let dollars: unknown;
  try {
    dollars = entry ? (JSON.parse(entry.data) as { free_shipping_minimum?: unknown }).free_shipping_minimum : undefined;
  } catch {
    dollars = undefined;
  }
  const value = Number(dollars);
  return {
    freeShippingMinimumCents:
      dollars !== undefined && dollars !== null && dollars !== "" && Number.isFinite(value) && value >= 0
        ? Math.round(value * 100)
        : DEFAULT_FREE_SHIPPING_MINIMUM_CENTS,
  };
}

/** Search suggestions shown when a search finds nothing. */
export async function getNoResultsSuggestions(site: SiteId): Promise<{ label: string; to: string }[]> {
  const common = [
    { label: "Chicken", to: "/search?search=chicken" },
    { label: "Sensitive stomach", to: "/search?search=sensitive+stomach" },
    { label: "Weight management", to: "/search?search=weight" },
    { label: "Puppy food", to: "/products/dog/puppy" },
    { label: "Kitten food", to: "/products/cat/kitten" },
  ];
  return site === "HPSF"
    ? [
        ...common,
        { label: "Kidney care", to: "/search?search=kidney" },
        { label: "Urinary care", to: "/search?search=urinary" },
      ]
    : [...common, { label: "Dog treats", to: "/products/dog/treats" }];
}
