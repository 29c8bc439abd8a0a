// Data-layer events of a page state (docs/rules.md "Analytics"): pushed once per navigation,
// only where the site policy tracks analytics. The event builders and the data layer load
// after the page, on first use (docs/rules.md "Client JavaScript budget"): pages hand over a
// function that builds the event from them.
import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";
import type { AnalyticsEvent } from "~/models/analytics";
import type * as AnalyticsModel from "~/models/analytics";
import type * as DataLayer from "~/utils/data-layer";
import { DEFAULT_SITE, type SiteId } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";

type AnalyticsModule = typeof AnalyticsModel & typeof DataLayer;
/** Builds a page's event from the analytics builders, or null for none. */
export type EventBuilder = (analytics: AnalyticsModule) => AnalyticsEvent | null;

let loaded: Promise<AnalyticsModule> | null = null;
/** The builders and the data layer, loaded once; callers' `then`s run in the order they asked. */
export function loadAnalytics(): Promise<AnalyticsModule> {
  loaded ??= Promise.all([
    import("~/models/analytics"),
    import("~/utils/data-layer").then(({ pushEvent, firstTime }) => ({ pushEvent, firstTime })),
  ]).then(([model, layer]) => ({ ...model, ...layer }));
  return loaded;
}

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
export function DataLayerEvent({ build, once }: { build: EventBuilder; once?: string }) {
  const tracks = useTracksAnalytics();
  const location = useLocation();
  const latest = useRef(build);
  latest.current = build;
  useEffect(() => {
    if (!tracks) return;
    const buildNow = latest.current;
    void loadAnalytics().then((analytics) => {
      const event = buildNow(analytics);
      if (!event || (once && !analytics.firstTime(once))) return;
      analytics.pushEvent(event);
    });
  }, [tracks, location.key, once]);
  return null;
}

/**
 * select_item when the shopper follows a card's link out of a list (a listing, search
 * results, a carousel): the ref goes on the card's link. Nothing where the site tracks nothing.
 */
export function useSelectItem(
  card: Parameters<AnalyticsModule["selectItemEvent"]>[0],
  list: { pathname: string; index: number } | undefined,
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
      if (!where) return;
      void loadAnalytics().then((a) =>
        a.pushEvent(a.selectItemEvent(current, where.index, a.listNameOf(where.pathname))),
      );
    };
    link.addEventListener("click", onClick);
    return () => link.removeEventListener("click", onClick);
  }, [tracks]);
  return ref;
}
