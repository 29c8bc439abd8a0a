import { formatMoney } from "~/models/money";

/** The price per lb or oz beside a price ("$2.49/lb"), as the server worked it out; nothing without one. */
export function UnitPrice({ text }: { text: string | null | undefined }) {
  return text ? <span className="unit-price">{text}</span> : null;
}

/**
 * The autoship price and its saving under the Autoship choice. Always in the page; the
 * stylesheet shows it while Autoship is chosen, so it appears at once with or without
 * JavaScript and choosing re-renders nothing (docs/rules.md "Autoship price on the product page").
 */
export function AutoshipOffer({ priceCents, savingCents }: { priceCents: number; savingCents: number }) {
  return (
    <p className="autoship-offer" data-testid="autoship-offer">
      Autoship price <strong>{formatMoney(priceCents)}</strong>
      {savingCents > 0 ? <span className="purchase-type__save"> You save {formatMoney(savingCents)}</span> : null}
    </p>
  );
}
