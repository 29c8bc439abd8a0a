// The cart page's add_to_cart / remove_from_cart (docs/rules.md "Analytics"): in the cart
// route's chunk only, not with every page.
import { useFetchers } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { CartActionData, CartLineView } from "~/models/cart";
import { loadAnalytics, useTracksAnalytics } from "./data-layer-event";

/** The quantity change a cart answer says was made (positive: added), or 0. */
export function acceptedQuantityChange(intent: string, before: number, answer: CartActionData): number {
  if (!answer.ok || (intent !== "update" && intent !== "remove")) return 0;
  return (intent === "remove" ? 0 : (answer.line?.quantity ?? 0)) - before;
}

/**
 * add_to_cart / remove_from_cart for the cart page lines' own fetchers (keys "cart-line-…":
 * quantity update, remove), pushed once the server's answer says the change was accepted
 * (docs/rules.md "Analytics"). Watched from the page, not the line: a removed line is gone
 * from the page (optimistically) before its answer arrives.
 */
export function useCartLinesAnalytics(lines: readonly CartLineView[]): void {
  const tracks = useTracksAnalytics();
  const fetchers = useFetchers();
  const sent = useRef(new Map<string, { intent: string; line: CartLineView; dataBefore: unknown }>());
  const latestLines = useRef(lines);
  latestLines.current = lines;
  useEffect(() => {
    for (const fetcher of fetchers) {
      if (!fetcher.key.startsWith("cart-line-")) continue;
      const pending = sent.current.get(fetcher.key);
      if (fetcher.state === "submitting" && fetcher.formData) {
        const lineId = fetcher.formData.get("lineId");
        const line = latestLines.current.find((l) => l.id === lineId);
        if (!pending && line) {
          sent.current.set(fetcher.key, {
            intent: String(fetcher.formData.get("intent") ?? ""),
            line,
            dataBefore: fetcher.data,
          });
        }
        continue;
      }
      if (!pending || fetcher.data === pending.dataBefore) continue;
      sent.current.delete(fetcher.key);
      const answer = fetcher.data as CartActionData | undefined;
      if (!tracks || !answer) continue;
      const delta = acceptedQuantityChange(pending.intent, pending.line.quantity, answer);
      if (delta === 0) continue;
      void loadAnalytics().then((a) =>
        a.pushEvent(
          a.ecommerceEvent(delta > 0 ? "add_to_cart" : "remove_from_cart", [
            a.cartLineItem(pending.line, Math.abs(delta)),
          ]),
        ),
      );
    }
  }, [fetchers, tracks]);
}
