// Data-layer events of a page state (docs/rules.md "Analytics"): pushed once per navigation,
// only where the site policy tracks analytics.
import { useFetchers, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";
import { cartLineItem, ecommerceEvent, selectItemEvent, type AnalyticsEvent } from "~/models/analytics";
import type { CartActionData, CartLineView } from "~/models/cart";
import { DEFAULT_SITE, type SiteId } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";
import { firstTime, pushEvent } from "~/utils/data-layer";

/** Whether this page's site tracks analytics (the root loader's site; docs/rules.md "Site policy"). */
export function useTracksAnalytics(): boolean {
  const root = useRouteLoaderData("root") as { site?: SiteId } | undefined;
  return sitePolicy(root?.site ?? DEFAULT_SITE).tracksAnalytics;
}

/**
 * Pushes `event` once per navigation to this page state (a new location), never on a
 * revalidation of the same one. With `once`, only the first time ever in this browser
 * (a purchase: not again on reload or back).
 */
export function DataLayerEvent({ event, once }: { event: AnalyticsEvent | null; once?: string }) {
  const tracks = useTracksAnalytics();
  const location = useLocation();
  const latest = useRef(event);
  latest.current = event;
  const eventName = event?.event ?? null;
  useEffect(() => {
    const current = latest.current;
    if (!tracks || !current) return;
    if (once && !firstTime(once)) return;
    pushEvent(current);
  }, [tracks, location.key, eventName, once]);
  return null;
}

/**
 * select_item when the shopper follows a card's link out of a list (a listing, search
 * results, a carousel): the ref goes on the card's link. Nothing where the site tracks nothing.
 */
export function useSelectItem(
  card: Parameters<typeof selectItemEvent>[0],
  list: { name: string; index: number } | undefined,
  site: SiteId,
): RefObject<HTMLAnchorElement> {
  const ref = useRef<HTMLAnchorElement>(null);
  const latest = useRef({ card, list });
  latest.current = { card, list };
  const tracks = sitePolicy(site).tracksAnalytics && list !== undefined;
  useEffect(() => {
    const link = ref.current;
    if (!link || !tracks) return;
    const onClick = () => {
      const { card: current, list: where } = latest.current;
      if (where) pushEvent(selectItemEvent(current, where.index, where.name));
    };
    link.addEventListener("click", onClick);
    return () => link.removeEventListener("click", onClick);
  }, [tracks]);
  return ref;
}

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
      pushEvent(
        ecommerceEvent(delta > 0 ? "add_to_cart" : "remove_from_cart", [cartLineItem(pending.line, Math.abs(delta))]),
      );
    }
  }, [fetchers, tracks]);
}
