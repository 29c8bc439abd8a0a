// An analytics integration (docs/rules.md "Analytics"): where collected events go. The
// embedded "shop" integration stores them in the shop's own database; a remote one (GA4's
// Measurement Protocol, say) would deliver them through the outbox, as donation events go.
import type { AnalyticsEvent } from "~/models/analytics";
import type { ConsentCategory } from "~/models/consent";
import type { SiteId } from "~/models/site";

export interface AnalyticsIntegration {
  /** The name the browser posts ("shop"). */
  name: string;
  /** The consent category the shopper must allow before anything is collected. */
  category: ConsentCategory;
  /** Why the integration's configuration cannot be used, or null when it can. */
  configurationError(): string | null;
  /** Records the events of one post. */
  record(site: SiteId, events: readonly AnalyticsEvent[]): Promise<void>;
}
