// The browser side of the analytics data layer (docs/rules.md "Analytics"; catalogue spec
// section 7: analytics events go to a tag-manager data layer). Only sites whose policy
// tracks analytics push anything (the staff site, whose prices are hidden, pushes nothing);
// without JavaScript there is no data layer (docs/decisions.md "Analytics").
import {
  ANALYTICS_COLLECT_PATH,
  isEcommerceEvent,
  MAX_EVENTS_PER_POST,
  SHOP_INTEGRATION,
  type AnalyticsEvent,
} from "~/models/analytics";
import { allows, consentFromCookieHeader } from "~/models/consent";

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

let queued: AnalyticsEvent[] = [];
let flushTimer: ReturnType<typeof setTimeout> | null = null;

/** Sends the queued events to the first-party collection (functional consent only). */
function flush() {
  flushTimer = null;
  const events = queued;
  queued = [];
  if (events.length === 0 || !allows(consentFromCookieHeader(document.cookie), "functional")) return;
  for (let start = 0; start < events.length; start += MAX_EVENTS_PER_POST) {
    const body = JSON.stringify({
      integration: SHOP_INTEGRATION,
      events: events.slice(start, start + MAX_EVENTS_PER_POST),
    });
    // keepalive: the post outlives a navigation that follows at once (a card click, a purchase).
    void fetch(ANALYTICS_COLLECT_PATH, {
      method: "POST",
      keepalive: true,
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body,
    }).catch(() => undefined);
  }
}

/**
 * Pushes one event to `window.dataLayer`: an ecommerce event after `{ ecommerce: null }`
 * (GTM's recommendation, so one event's fields never leak into the next), then collects it.
 */
export function pushEvent(event: AnalyticsEvent): void {
  window.dataLayer ??= [];
  if (isEcommerceEvent(event)) window.dataLayer.push({ ecommerce: null });
  window.dataLayer.push({ ...event });
  queued.push(event);
  flushTimer ??= setTimeout(flush, 0);
}

const PUSHED_ONCE_KEY = "shop_analytics_pushed";
const PUSHED_ONCE_LIMIT = 50;

/** Marks `key` pushed in this browser; false when it already was (a reload, back). */
export function firstTime(key: string): boolean {
  try {
    const pushed = JSON.parse(window.localStorage.getItem(PUSHED_ONCE_KEY) ?? "[]") as unknown;
    const list = Array.isArray(pushed) ? pushed.filter((k): k is string => typeof k === "string") : [];
    if (list.includes(key)) return false;
    window.localStorage.setItem(PUSHED_ONCE_KEY, JSON.stringify([...list, key].slice(-PUSHED_ONCE_LIMIT)));
    return true;
  } catch {
    // Storage refused (private mode, quota): push, as a page without storage would.
    return true;
  }
}
