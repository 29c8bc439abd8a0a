// The "Giving back" section of a placed order (docs/rules.md "Donations"): what it gives
// to its cause, and the shopper's round-up or add-on within it. Nothing when it gives nothing.
import { givingBackLines, type OrderGift } from "~/models/order-donation";

export function GivingBack({ order, currencyCode }: { order: OrderGift; currencyCode?: string }) {
  const lines = givingBackLines(order, currencyCode);
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="giving-back-title" className="giving-back" data-testid="giving-back">
      <h2 id="giving-back-title">Giving back</h2>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </section>
  );
}
