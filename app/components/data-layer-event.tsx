// Data-layer events of a page state (docs/rules.md "Analytics"): pushed once per navigation,
// only where the site policy tracks analytics.
import { useLocation, useRouteLoaderData } from "@remix-run/react";
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
 * add_to_cart / remove_from_cart for a cart page line's own fetcher (quantity update,
 * remove), pushed once the server's answer says the change was accepted (docs/rules.md
 * "Analytics"); before the page revalidates, so a removed line still reports it.
 */
export function useCartLineAnalytics(
  fetcher: { state: string; formData?: FormData; data?: CartActionData },
  line: CartLineView,
): void {
  const tracks = useTracksAnalytics();
  const sent = useRef<{ intent: string; line: CartLineView; dataBefore: CartActionData | undefined } | null>(null);
  useEffect(() => {
    if (fetcher.state === "submitting" && fetcher.formData && !sent.current) {
      sent.current = { intent: String(fetcher.formData.get("intent") ?? ""), line, dataBefore: fetcher.data };
      return;
    }
    const pending = sent.current;
    if (!pending || fetcher.state === "submitting" || fetcher.data === pending.dataBefore) return;
    sent.current = null;
    if (!tracks || !fetcher.data) return;
    const delta = acceptedQuantityChange(pending.intent, pending.line.quantity, fetcher.data);
    if (delta === 0) return;
    pushEvent(
      ecommerceEvent(delta > 0 ? "add_to_cart" : "remove_from_cart", [cartLineItem(pending.line, Math.abs(delta))]),
    );
  }, [fetcher.state, fetcher.formData, fetcher.data, line, tracks]);
}
