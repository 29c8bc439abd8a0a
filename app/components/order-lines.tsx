// An order's lines as a table (docs/rules.md "Order pages"), the one owner for the shopper's
// order page and the back office's: product and variant (with a note such as the autoship plan,
// and whatever the page adds under it, e.g. the review link), SKU where asked, quantity, unit
// price and line total.
import type { ReactNode } from "react";
import { formatMoney } from "~/models/money";

export interface OrderLineRow {
  id: string;
  title: string;
  variantTitle: string;
  quantity: number;
  unitPriceCents: number;
  sku?: string;
  /** Said after the variant, e.g. "Autoship, every 4 weeks". */
  note?: string | null;
}

export function OrderLinesTable<Line extends OrderLineRow>({
  lines,
  currencyCode,
  className,
  caption,
  showSku = false,
  under,
}: {
  lines: readonly Line[];
  currencyCode?: string;
  className: string;
  caption?: string;
  showSku?: boolean;
  /** What a page shows under a line's product (the shopper's review link). */
  under?: (line: Line) => ReactNode;
}) {
  const money = (cents: number) => formatMoney(cents, currencyCode);
  return (
    <table className={className}>
      {caption ? <caption className="visually-hidden">{caption}</caption> : null}
      <thead>
        <tr>
          <th scope="col">Product</th>
          {showSku ? <th scope="col">SKU</th> : null}
          <th scope="col">Quantity</th>
          <th scope="col">Unit price</th>
          <th scope="col">Line total</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id}>
            <th scope="row">
              {line.title}
              <br />
              <small>
                {line.variantTitle}
                {line.note ? ` · ${line.note}` : ""}
              </small>
              {under?.(line)}
            </th>
            {showSku ? <td>{line.sku}</td> : null}
            <td>{line.quantity}</td>
            <td>{money(line.unitPriceCents)}</td>
            <td>{money(line.unitPriceCents * line.quantity)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
