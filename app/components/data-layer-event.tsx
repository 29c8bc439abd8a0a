// Data-layer events of a page state (docs/rules.md "Analytics"): pushed once per navigation,
// only where the site policy tracks analytics.
import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";
import { selectItemEvent, type AnalyticsEvent } from "~/models/analytics";
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
