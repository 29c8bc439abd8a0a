import { slugify } from "./text";
import { toPounds, type WeightUnit } from "./weight";

export interface PickableVariant {
  sku: string;
  size: string;
  flavor: string;
  productForm: string;
  inventory: number;
}

const WET_FORMS = ["canned", "tray", "pouch"];

/** Reads a weight slug such as "15.5lb", "13oz", "2kg" or "156g". */
export function parseWeightSlug(segment: string): { value: number; unit: WeightUnit } | null {
  const match = segment.toLowerCase().match(/^(\d+(?:\.\d+)?)(lbs?|oz|kg|g)$/);
  if (!match) return null;
  const unit = match[2].startsWith("lb") ? "lbs" : (match[2] as WeightUnit);
  return { value: Number(match[1]), unit };
}

/**
 * The Product Form a size segment stands for (catalogue spec section 2):
 * 1lb-45lb or "dry-food" → dry; 2.5oz-13oz or "wet-food" → canned, tray or pouch.
 */
export function formFromSegment(segment: string): "dry" | "wet" | null {
  const lower = segment.toLowerCase();
  if (lower === "dry-food") return "dry";
  if (lower === "wet-food") return "wet";
  const weight = parseWeightSlug(lower);
  if (!weight) return null;
  const pounds = toPounds(weight.value, weight.unit);
  if (weight.unit === "lbs" && pounds >= 1 && pounds <= 45) return "dry";
  if (weight.unit === "oz" && weight.value >= 2.5 && weight.value <= 13) return "wet";
  return null;
}

/** Size segment of a variant: "15.5 lb bag" → "15.5lb", "12.8 oz can, case of 12" → "12.8oz". */
export function variantSizeSlug(size: string): string {
  const match = size.toLowerCase().match(/^([\d.]+)\s*(lb|oz|kg|g)\b/);
  return match ? `${match[1]}${match[2]}` : slugify(size);
}

function matchesForm(variant: PickableVariant, form: "dry" | "wet"): boolean {
  const productForm = variant.productForm.toLowerCase();
  return form === "dry" ? productForm === "dry" : WET_FORMS.includes(productForm);
}

const firstInStock = <T extends PickableVariant>(variants: readonly T[]) =>
  variants.find((v) => v.inventory > 0) ?? variants[0];

/**
 * Picks the variant a product URL asks for (catalogue spec section 2): the
 * `sku` query value first; then the flavor segment (the variant whose Flavor
 * contains it) and the size segment (an exact size, or a weight range or food
 * form); otherwise the first in-stock variant.
 */
export function pickVariant<T extends PickableVariant>(
  variants: readonly T[],
  request: { sku?: string | null; flavor?: string | null; size?: string | null },
): T | undefined {
  if (variants.length === 0) return undefined;
  if (request.sku) {
    const bySku = variants.find((v) => v.sku.toLowerCase() === request.sku?.toLowerCase());
    if (bySku) return bySku;
  }
  let candidates = [...variants];
  if (request.flavor) {
    const flavor = request.flavor.toLowerCase();
    const byFlavor = candidates.filter((v) => slugify(v.flavor).includes(flavor));
    if (byFlavor.length) candidates = byFlavor;
  }
  if (request.size) {
    const exact = candidates.filter((v) => variantSizeSlug(v.size) === request.size?.toLowerCase());
    if (exact.length) candidates = exact;
    else {
      const form = formFromSegment(request.size);
      const byForm = form ? candidates.filter((v) => matchesForm(v, form)) : [];
      if (byForm.length) candidates = byForm;
    }
  }
  return firstInStock(candidates);
}

/** What the segments of a product URL ask for (shop-core and catalogue spec section 2). */
export interface ProductUrlRequest {
  handle: string;
  brand?: string;
  flavor?: string;
  size?: string;
  /**
   * True for /products/{handle}/{flavor}/{size}: the variant it picks is answered with a
   * 301 to that variant's canonical page (docs/rules.md "Three-segment product URLs").
   */
  redirect: boolean;
}

/**
 * Reads the segments after /products/ of a product URL: {handle}; {handle}/{flavor}/{size},
 * which redirects to the canonical page; or the canonical {brand}/{handle}/{flavor}/{size}.
 * Null for any other count (category listings are read before this).
 */
export function readProductSegments(segments: readonly string[]): ProductUrlRequest | null {
  if (segments.length === 1) return { handle: segments[0], redirect: false };
  if (segments.length === 3) {
    const [handle, flavor, size] = segments;
    return { handle, flavor, size, redirect: true };
  }
  if (segments.length === 4) {
    const [brand, handle, flavor, size] = segments;
    return { brand, handle, flavor, size, redirect: false };
  }
  return null;
}
