import { formatMoney } from "~/models/money";

/** Price with the compare-at price struck through when it is higher. */
export function Price({ priceCents, compareAtPriceCents }: { priceCents: number; compareAtPriceCents: number | null }) {
  const onSale = compareAtPriceCents !== null && compareAtPriceCents > priceCents;
  return (
    <p className="price">
      <span className="visually-hidden">{onSale ? "Sale price: " : "Price: "}</span>
      <span className="price__current">{formatMoney(priceCents)}</span>
      {onSale ? (
        <s className="price__compare">
          <span className="visually-hidden">Regular price: </span>
          {formatMoney(compareAtPriceCents)}
        </s>
      ) : null}
    </p>
  );
}

/** Staff-site price line: retail prices are hidden, the compare-at price is shown (catalogue spec section 1). */
export function CompareAtPrice({ compareAtPriceCents }: { compareAtPriceCents: number | null }) {
  if (compareAtPriceCents === null) return null;
  return (
    <p className="price price--compare-only">
      Compare at <s>{formatMoney(compareAtPriceCents)}</s>
    </p>
  );
}
