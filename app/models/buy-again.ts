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

/** What the cart said of one line asked for again (its `notices`). */
export interface BuyAgainCartNotice {
  code: string;
  message: string;
  variantId?: string | null;
}

/**
 * The notice after buy again: added (or nothing new), then each line the cart trimmed (named),
 * each it added nothing of, the lines no longer sold and those now one-time. A success when
 * all went in as asked, else information.
 */
export function buyAgainNotice(result: {
  orderNumber: number;
  /** How many cart lines were asked for. */
  asked: number;
  notices: readonly BuyAgainCartNotice[];
  /** Each past line's name by its variant id. */
  names: ReadonlyMap<string | null, string>;
  unavailable: readonly string[];
  nowOneTime: readonly string[];
}): { tone: "success" | "info"; message: string } {
  const list = (names: readonly string[]) => names.join(", ");
  const nothingAdded = result.notices.filter((n) => n.code === "NOTHING_ADDED");
  const clamped = result.notices.filter((n) => n.code === "QUANTITY_CLAMPED");
  const added = result.asked - nothingAdded.length;
  const parts = [
    added > 0
      ? `Added the items from order #${result.orderNumber} to your cart.`
      : "Nothing new was added to your cart.",
    ...clamped.map((n) => {
      const name = n.variantId ? result.names.get(n.variantId) : null;
      return name ? `${name}: ${n.message.charAt(0).toLowerCase()}${n.message.slice(1)}` : n.message;
    }),
    ...nothingAdded.map((n) => n.message),
    ...(result.unavailable.length ? [`Not added, no longer sold: ${list(result.unavailable)}.`] : []),
    ...(result.nowOneTime.length
      ? [`No longer on autoship, added as a one-time purchase: ${list(result.nowOneTime)}.`]
      : []),
  ];
  return { tone: parts.length === 1 ? "success" : "info", message: parts.join(" ") };
}

/** The notice when none of the order's lines is sold any more. */
export function nothingToBuyAgainMessage(unavailable: readonly string[]): string {
  return `Nothing could be added: ${unavailable.join(", ")} ${unavailable.length === 1 ? "is" : "are"} no longer sold.`;
}
