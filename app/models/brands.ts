// The brands' display names by slug (catalogue spec section 3, the Brand filter's options):
// the filter group and the data layer's item_brand read them here. Small on purpose: the
// browser's data layer imports it without the filter groups.
export const BRAND_LABELS: Readonly<Record<string, string>> = {
  "science-diet": "Science Diet",
  "prescription-diet": "Prescription Diet",
  "hills-treats": "Hill's Treats",
};
