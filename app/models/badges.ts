/** Badge keys in priority order 1 to 12 (catalogue spec section 9). */
export const BADGE_PRIORITY = [
  "out-of-stock",
  "limited-stock",
  "deal",
  "best-seller",
  "featured",
  "back-in-stock",
  "brand-new",
  "new-innovation",
  "new-formula",
  "new-flavor",
  "new-look",
  "discontinued-soon",
] as const;
export type BadgeKey = (typeof BADGE_PRIORITY)[number];

export const BADGE_LABELS: Record<BadgeKey, string> = {
  "out-of-stock": "Out of Stock",
  "limited-stock": "Limited Stock",
  deal: "Deal",
  "best-seller": "Best Seller",
  featured: "Featured",
  "back-in-stock": "Back In Stock",
  "brand-new": "New",
  "new-innovation": "New Innovation",
  "new-formula": "New Formula",
  "new-flavor": "New Flavor",
  "new-look": "New Look",
  "discontinued-soon": "Discontinued Soon",
};

/** A card shows at most this many badges (catalogue spec section 9). */
export const MAX_CARD_BADGES = 2;
/** At or below this many units (and above zero) a variant is "Limited Stock". */
export const LIMITED_STOCK_MAX = 5;

const TAG_PREFIX = "badge::";

/** Badge key for a tag: "badge::new" means brand-new (catalogue spec section 3). */
export function badgeFromTag(tag: string): BadgeKey | null {
  if (!tag.startsWith(TAG_PREFIX)) return null;
  const name = tag.slice(TAG_PREFIX.length).trim().toLowerCase();
  const key = name === "new" ? "brand-new" : name;
  return (BADGE_PRIORITY as readonly string[]).includes(key) && key !== "out-of-stock" && key !== "limited-stock"
    ? (key as BadgeKey)
    : null;
}

/**
 * The badges a variant shows, best first: stock badges come from inventory,
 * the rest from its tags; at most `limit`.
 */
export function variantBadges(
  variant: { inventory: number; badgeTags: readonly string[] },
  limit = MAX_CARD_BADGES,
): { key: BadgeKey; label: string }[] {
  return variantBadgeKeys(variant, limit).map((key) => ({ key, label: BADGE_LABELS[key] }));
}

/** The keys of `variantBadges`: what a card's data carries (the labels are the browser's). */
export function variantBadgeKeys(
  variant: { inventory: number; badgeTags: readonly string[] },
  limit = MAX_CARD_BADGES,
): BadgeKey[] {
  const keys = new Set<BadgeKey>();
  if (variant.inventory <= 0) keys.add("out-of-stock");
  else if (variant.inventory <= LIMITED_STOCK_MAX) keys.add("limited-stock");
  for (const tag of variant.badgeTags) {
    const key = badgeFromTag(tag);
    if (key) keys.add(key);
  }
  return BADGE_PRIORITY.filter((key) => keys.has(key)).slice(0, limit);
}
