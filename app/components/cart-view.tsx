import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useFetcher, useFetchers } from "@remix-run/react";
import type { ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { MAX_DISCOUNT_CODE_LENGTH } from "~/models/cart-input";
import { MAX_AUTOSHIP_PER_LINE, MAX_ITEMS_PER_ORDER, quantityControls } from "~/models/cart-limits";
import {
  applyPendingChanges,
  cartLineName,
  lineSavingsCents,
  cartSummaryView,
  summarizeCart,
  type CartActionData,
  type CartLineView,
  type CartPricing,
  type CartSummaryView,
  type PendingCartChange,
} from "~/models/cart";
import { formatMoney } from "~/models/money";
import { lineSubtotalCents } from "~/models/pricing";
import { productCardHref } from "~/models/product";
import { encodeRedirect } from "~/models/redirect-param";
import type { SiteId } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";
import { unitPriceLabel } from "~/models/unit-price";
import { FreeShippingTracker } from "./free-shipping-tracker";
import { QuantityStep } from "./quantity-field";
import { ResponsiveImage } from "./responsive-image";
import { useCartLinesAnalytics } from "./cart-lines-analytics";
import { formatWeight } from "~/models/weight";

/** Optimiser widths of a cart line's 96 px picture: 1x, and 2x screens. */
const CART_LINE_IMAGE_WIDTHS = [100, 180, 320];

/** Note under the order summary (catalogue spec section 2). */
export const CART_TAX_NOTE =
  "Tax & shipping will be calculated at checkout. Shipments to Alaska and Hawaii will also include a $4 service charge.";

interface CartViewProps {
  site: SiteId;
  cart: SerializeFrom<{
    id: string;
    lines: CartLineView[];
    note: string | null;
    discountCodes: string[];
  }> | null;
  summary: SerializeFrom<CartSummaryView> | null;
  sellingPlans: { id: string; name: string }[];
  /** Where "Proceed to Checkout" goes: the shop's checkout, or the hand-off to the platform's. */
  checkoutHref: string;
  /** The delivery zip the stock check used. */
  zip: string;
  /** Lines out of stock for that zip (they block checkout). */
  unavailableLineIds: string[];
  /** "Estimated delivery {date} to {zip}" for that zip, or the Hawaii message. */
  deliveryEstimate?: string;
  /** The terms the summary was priced with, to re-price pending changes alike (`cartPricingFor`). */
  pricing: CartPricing;
  /** The staff site's program view; null on the consumer site. */
  program: CartProgramView | null;
  /** The donation panel (what the order gives, the shopper's choice), under the items; null when hidden. */
  donation?: ReactNode;
  /** Products to suggest when the cart is empty (the carousels configured for page "cart"). */
  suggestions?: ReactNode;
}

/** The staff cart's program terms (catalogue spec section 2, "Clinic users see program-discount pricing"). */
export interface CartProgramView {
  signedIn: boolean;
  /** Percent off for members eligible for program pricing (isEligibleForPd); null otherwise. */
  discountPercent: number | null;
  /** What is left of this month's quota; null until registered. */
  allowance: { remainingCents: number; monthLabel: string } | null;
}

/** Cart changes that fetchers are still sending, read from their form data. */
function usePendingChanges(sellingPlans: { id: string; name: string }[]): PendingCartChange[] {
  return useFetchers().flatMap((fetcher): PendingCartChange[] => {
    const data = fetcher.formData;
    if (!data) return [];
    const lineId = String(data.get("lineId") ?? "");
    switch (data.get("intent")) {
      case "update": {
        const quantity = Number(data.get("quantity"));
        return lineId && Number.isInteger(quantity) && quantity >= 0 ? [{ intent: "update", lineId, quantity }] : [];
      }
      case "remove":
        return lineId ? [{ intent: "remove", lineId }] : [];
      case "set-plan": {
        const planId = String(data.get("sellingPlanId") ?? "") || null;
        const name = sellingPlans.find((p) => p.id === planId)?.name ?? null;
        return lineId ? [{ intent: "set-plan", lineId, sellingPlanId: planId, sellingPlanName: name }] : [];
      }
      default:
        return [];
    }
  });
}

const NO_LINES: CartLineView[] = [];

/** The cart page (catalogue spec section 2; shop-core spec sections 5 and 9). */
export function CartView(props: CartViewProps) {
  const { site, sellingPlans, zip, unavailableLineIds, checkoutHref } = props;
  const policy = sitePolicy(site);
  // With JavaScript, lines and totals show pending changes at once; the server's answer then replaces them.
  const pending = usePendingChanges(sellingPlans);
  useCartLinesAnalytics(props.cart?.lines ?? NO_LINES);
  const lines = props.cart ? applyPendingChanges(props.cart.lines, pending) : [];
  // Pending changes are re-priced here alike, and shown as the site shows a summary (cartSummaryView).
  const summary =
    pending.length && props.cart
      ? cartSummaryView(summarizeCart(lines, props.pricing), policy, props.program?.signedIn ?? false)
      : props.summary;
  const cart = props.cart ? { ...props.cart, lines } : null;
  if (!cart || !summary || cart.lines.length === 0) {
    return (
      <div className="container cart-page">
        <h1>Shopping Cart</h1>
        <p>Your cart is empty.</p>
        <Link to="/products" className="button button--primary">
          Continue Shopping
        </Link>
        {props.suggestions}
      </div>
    );
  }
  const { limits } = summary;
  const program = props.program;
  const programPriced = program?.discountPercent != null;
  const overAllowance = program?.allowance ? summary.merchandiseCents > program.allowance.remainingCents : false;
  const blocked = limits.overMaximum || limits.autoshipOverMaximum || unavailableLineIds.length > 0 || overAllowance;
  return (
    <div className="container cart-page">
      <h1>Shopping Cart</h1>
      {props.deliveryEstimate ? (
        <p className="cart-page__delivery" data-testid="delivery-estimate">
          {props.deliveryEstimate}
        </p>
      ) : null}
      <div className="cart-page__layout">
        <section aria-labelledby="cart-items-heading">
          <h2 id="cart-items-heading" className="visually-hidden">
            Items
          </h2>
          <ul className="cart-lines">
            {cart.lines.map((line) => (
              <CartLine
                key={line.id}
                line={line}
                showsPrices={policy.showsRetailPrices}
                showsAutoshipSavings={policy.showsAutoshipSavings}
                sellingPlans={sellingPlans}
                warn={limits.autoshipWarningLineIds.includes(line.id)}
                unavailableFor={unavailableLineIds.includes(line.id) ? zip : null}
              />
            ))}
          </ul>
        </section>

        <aside className="order-summary" aria-labelledby="order-summary-heading">
          <h2 id="order-summary-heading">Order Summary</h2>
          <dl className="order-summary__rows">
            <dt>Items</dt>
            <dd>{summary.totalQuantity}</dd>
            {programPriced && summary.subtotalCents !== null ? (
              <>
                <dt>Subtotal before savings</dt>
                <dd>{formatMoney(summary.subtotalCents)}</dd>
                <dt>Program discount ({program?.discountPercent}%)</dt>
                <dd className="order-summary__program-discount">−{formatMoney(summary.programDiscountCents)}</dd>
                <dt>Total</dt>
                <dd>{formatMoney(summary.merchandiseCents)}</dd>
              </>
            ) : (
              <>
                <dt>Subtotal</dt>
                <dd>{summary.subtotalCents === null ? "—" : formatMoney(summary.subtotalCents)}</dd>
              </>
            )}
            {summary.discountCents > 0 ? (
              <>
                <dt>Discount ({summary.appliedCodes.join(", ")})</dt>
                <dd className="order-summary__discount">−{formatMoney(summary.discountCents)}</dd>
                <dt>Total</dt>
                <dd>{formatMoney(summary.merchandiseCents)}</dd>
              </>
            ) : null}
            {policy.showsRetailPrices && summary.totalSavingsCents > 0 ? (
              <>
                <dt>Total Savings:</dt>
                <dd className="order-summary__savings">{formatMoney(summary.totalSavingsCents)}</dd>
              </>
            ) : null}
            <dt>Weight</dt>
            <dd>{formatWeight(summary.weightLbs, "lbs")}</dd>
          </dl>
          {summary.freeShipping ? (
            <FreeShippingTracker
              percent={summary.freeShipping.percent}
              remainingLabel={summary.freeShipping.remainingLabel}
              reached={summary.freeShipping.reached}
            />
          ) : null}
          <p className="order-summary__note">{CART_TAX_NOTE}</p>
          {policy.staffProgram && !program?.signedIn ? (
            <p className="order-summary__note">
              <Link to={`/shelter/login?redirect=${encodeRedirect("/cart")}`}>Log in</Link> to see your program pricing.
            </p>
          ) : null}
          {program?.allowance ? (
            <p
              className={`program-allowance${overAllowance ? " program-allowance--over" : ""}`}
              role={overAllowance ? "alert" : undefined}
            >
              {overAllowance
                ? program.allowance.remainingCents === 0
                  ? `You have reached your program allowance for ${program.allowance.monthLabel}. It renews next month.`
                  : `This cart is over your program allowance: ${formatMoney(program.allowance.remainingCents)} left for ${program.allowance.monthLabel}. Remove items to check out.`
                : `Program allowance left for ${program.allowance.monthLabel}: ${formatMoney(program.allowance.remainingCents)}`}
            </p>
          ) : null}
          {limits.overMaximum ? (
            <p className="cart-limit" role="alert">
              Orders are limited to {MAX_ITEMS_PER_ORDER} items. Remove {limits.totalQuantity - MAX_ITEMS_PER_ORDER} to
              check out.
            </p>
          ) : null}
          {limits.autoshipOverMaximum ? (
            <p className="cart-limit" role="alert">
              Autoship items are limited to {MAX_AUTOSHIP_PER_LINE} of each product. Lower the quantity to check out.
            </p>
          ) : null}
          {unavailableLineIds.length > 0 ? (
            <p className="cart-limit" role="alert">
              Some items are out of stock for delivery to {zip}. Remove them to check out.
            </p>
          ) : null}
          {blocked ? (
            <span className="button button--primary button--large" aria-disabled="true">
              Proceed to Checkout
            </span>
          ) : (
            <a href={checkoutHref} className="button button--primary button--large">
              Proceed to Checkout
            </a>
          )}
          <Link to="/products" className="button">
            Continue Shopping
          </Link>
          {program?.allowance ? null : (
            <Form method="post" className="cart-extra">
              <input type="hidden" name="intent" value="zip" />
              <label htmlFor="delivery-zip">Delivery zip code</label>
              <div className="cart-extra__row">
                <input
                  id="delivery-zip"
                  name="zip"
                  inputMode="numeric"
                  pattern="[0-9]{5}"
                  maxLength={5}
                  autoComplete="postal-code"
                  defaultValue={zip}
                  key={zip}
                />
                <button type="submit" className="button">
                  Set zip
                </button>
              </div>
            </Form>
          )}
          <Form method="post" className="cart-extra">
            <input type="hidden" name="intent" value="discount" />
            <label htmlFor="discount-code">Discount code</label>
            <div className="cart-extra__row">
              <input
                id="discount-code"
                name="code"
                defaultValue={cart.discountCodes[0] ?? ""}
                maxLength={MAX_DISCOUNT_CODE_LENGTH}
              />
              <button type="submit" className="button">
                Apply
              </button>
            </div>
          </Form>
        </aside>
        {/* After the summary on a phone, so checkout comes first; under the items on a wide screen. */}
        {props.donation ? <div className="cart-page__giving">{props.donation}</div> : null}
      </div>
    </div>
  );
}

function CartLine({
  line,
  showsPrices,
  showsAutoshipSavings,
  sellingPlans,
  warn,
  unavailableFor,
}: {
  line: SerializeFrom<CartLineView>;
  showsPrices: boolean;
  showsAutoshipSavings: boolean;
  sellingPlans: { id: string; name: string }[];
  warn: boolean;
  unavailableFor: string | null;
}) {
  // One fetcher per line: a new change to the line cancels the one still in flight,
  // and every change sends absolute values, so rapid clicks end in the last one.
  const fetcher = useFetcher<CartActionData>({ key: `cart-line-${line.id}` });
  const hydrated = useHydrated();
  const json = hydrated ? <input type="hidden" name="_response" value="json" /> : null;
  // The answer to this line's last change, announced beside it (without JavaScript the layout shows it).
  const lineNotice = fetcher.state === "idle" && fetcher.data ? fetcher.data.notice : null;
  const autoship = line.sellingPlanId !== null;
  const savings = lineSavingsCents(line);
  const max = autoship ? MAX_AUTOSHIP_PER_LINE : MAX_ITEMS_PER_ORDER;
  // − stops at 1 (the line's Remove takes it away), + at the line's limit.
  const steps = quantityControls(line.quantity, { max, inStock: true });
  const quantityId = `qty-${line.id}`;
  const planId = `plan-${line.id}`;
  // Every control names its line (docs/rules.md "Cart limits"): the visible word, then the product and size.
  const name = cartLineName(line);
  // The same post the Update button sends, with the new quantity (0 removes the line).
  const setQuantity = (quantity: number) =>
    fetcher.submit(
      { _response: "json", intent: "update", lineId: line.id, quantity: String(quantity) },
      { method: "post", action: "/cart" },
    );
  return (
    <li className="cart-line">
      {line.imageUrl ? (
        // A 96 px square box (docs/rules.md "Pictures and their ratios"), served at ladder widths for 1x and 2x screens.
        <ResponsiveImage
          src={line.imageUrl}
          alt=""
          width={96}
          height={96}
          widths={CART_LINE_IMAGE_WIDTHS}
          sizes="96px"
          className="cart-line__image"
        />
      ) : null}
      <div className="cart-line__body">
        <h3 className="cart-line__title">
          <Link to={productCardHref(line)}>{line.productTitle}</Link>
        </h3>
        <p className="cart-line__variant">{line.variantTitle}</p>
        {showsPrices ? (
          <p className="cart-line__price">
            {formatMoney(lineSubtotalCents(line))}
            {savings > 0 ? <span className="cart-line__savings"> You save {formatMoney(savings)}</span> : null}
            {/* Per lb or oz at the price this line is charged (the autoship price on an autoship line). */}
            <span className="unit-price">
              {unitPriceLabel(lineSubtotalCents({ ...line, quantity: 1 }), line.weightValue, line.weightUnit)}
            </span>
          </p>
        ) : null}
        {autoship && showsAutoshipSavings ? <p className="cart-line__autoship">Autoship: save an extra 5%</p> : null}
        {unavailableFor ? (
          <p className="cart-limit" role="status">
            Out of stock for delivery to {unavailableFor}.
          </p>
        ) : null}
        {warn ? (
          <p className="cart-limit" role="status">
            Autoship is limited to {MAX_AUTOSHIP_PER_LINE} of this item.
          </p>
        ) : null}
        <div className="cart-line__controls">
          <fetcher.Form method="post" action="/cart" className="cart-line__form">
            {json}
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="lineId" value={line.id} />
            <label htmlFor={quantityId}>Quantity</label>
            {/* With JavaScript, − and + and a typed quantity apply at once; without it, Update sends the field. */}
            <span className={hydrated ? "quantity-field cart-line__stepper" : "cart-line__stepper"}>
              {hydrated ? (
                <QuantityStep
                  step={-1}
                  label={`Decrease quantity, ${name}`}
                  controls={quantityId}
                  disabled={!steps.canDecrease}
                  onStep={() => setQuantity(line.quantity - 1)}
                />
              ) : null}
              <input
                id={quantityId}
                aria-label={`Quantity, ${name}`}
                name="quantity"
                type="number"
                min={0}
                max={max}
                defaultValue={line.quantity}
                key={line.quantity}
                className="cart-line__quantity"
                onBlur={(event) => {
                  const typed = event.currentTarget.valueAsNumber;
                  if (hydrated && Number.isInteger(typed) && typed !== line.quantity) setQuantity(typed);
                }}
              />
              {hydrated ? (
                <QuantityStep
                  step={1}
                  label={`Increase quantity, ${name}`}
                  controls={quantityId}
                  disabled={!steps.canIncrease}
                  onStep={() => setQuantity(line.quantity + 1)}
                />
              ) : null}
            </span>
            {hydrated ? null : (
              <button type="submit" className="button" aria-label={`Update quantity, ${name}`}>
                Update
              </button>
            )}
          </fetcher.Form>
          <fetcher.Form method="post" action="/cart" className="cart-line__form">
            {json}
            <input type="hidden" name="intent" value="set-plan" />
            <input type="hidden" name="lineId" value={line.id} />
            <label htmlFor={planId}>Delivery</label>
            <select
              id={planId}
              aria-label={`Delivery, ${name}`}
              name="sellingPlanId"
              defaultValue={line.sellingPlanId ?? ""}
              key={line.sellingPlanId ?? "once"}
              // With JavaScript the choice applies on change; without it, Change sends it.
              onChange={hydrated ? (event) => fetcher.submit(event.currentTarget.form) : undefined}
            >
              <option value="">One-time purchase</option>
              {sellingPlans.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  Autoship: {plan.name.toLowerCase()}
                </option>
              ))}
            </select>
            {hydrated ? null : (
              <button type="submit" className="button" aria-label={`Change delivery, ${name}`}>
                Change
              </button>
            )}
          </fetcher.Form>
          <fetcher.Form method="post" action="/cart">
            {json}
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="lineId" value={line.id} />
            <button type="submit" className="button cart-line__remove" aria-label={`Remove, ${name}`}>
              Remove
            </button>
          </fetcher.Form>
        </div>
        {lineNotice ? (
          <p className={`cart-line__notice notice notice--${lineNotice.tone}`} role="status">
            {lineNotice.message}
          </p>
        ) : null}
      </div>
    </li>
  );
}
