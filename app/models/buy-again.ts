// Buy again (docs/rules.md "Orders", shop-core spec section 5): which lines of a past
// order go back into the cart, and what the customer is told about the others.

/** A line of a past order, as the order view gives it. */
export interface PastOrderLine {
  variantId: string | null;
  productTitle: string;
  variantTitle: string;
  quantity: number;
  sellingPlanId: string | null;
}

/** The largest quantity asked of the cart for one line: the cart trims to its limits and says so. */
export const BUY_AGAIN_MAX_QUANTITY = 999;

/** "Science Diet Adult (15.5 lb bag)". */
export const lineName = (line: PastOrderLine) =>
  line.variantTitle ? `${line.productTitle} (${line.variantTitle})` : line.productTitle;

/**
 * The order's lines as cart lines: variants the site still sells (`sold` maps each to
 * whether it may be on autoship), autoship lines with their plan while the product may
 * still be on autoship and the plan exists (else one-time). Names the lines no longer
 * sold and those now one-time.
 */
export function buyAgainLines(
  lines: readonly PastOrderLine[],
  sold: ReadonlyMap<string, boolean>,
  planIds: ReadonlySet<string>,
) {
  const cartLines: { merchandiseId: string; quantity: number; sellingPlanId: string | null }[] = [];
  const unavailable: string[] = [];
  const nowOneTime: string[] = [];
  for (const line of lines) {
    const autoshipEligible = line.variantId ? sold.get(line.variantId) : undefined;
    if (!line.variantId || autoshipEligible === undefined) {
      unavailable.push(lineName(line));
      continue;
    }
    const keepPlan = line.sellingPlanId !== null && autoshipEligible && planIds.has(line.sellingPlanId);
    if (line.sellingPlanId && !keepPlan) nowOneTime.push(lineName(line));
    cartLines.push({
      merchandiseId: line.variantId,
      quantity: Math.min(line.quantity, BUY_AGAIN_MAX_QUANTITY),
      sellingPlanId: keepPlan ? line.sellingPlanId : null,
    });
  }
  return { lines: cartLines, unavailable, nowOneTime };
}
