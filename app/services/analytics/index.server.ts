// Analytics (docs/rules.md "Analytics"): first-party collection of the data layer's events
// through the configured integrations, and the one-time account marker the browser pushes
// as "login" or "sign_up". The staff site tracks nothing (sitePolicy(site).tracksAnalytics).
import { prisma } from "~/db.server";
import { serverSettings } from "~/env.server";
import {
  ACCOUNT_MARKER_COOKIE,
  ACCOUNT_MARKER_MAX_AGE_SECONDS,
  accountMarkerValue,
  type AnalyticsEvent,
  type SignInMethod,
  SHOP_INTEGRATION,
  storedPart,
} from "~/models/analytics";
import type { Prisma } from "~/generated/prisma/client";
import { allows, type ConsentState } from "~/models/consent";
import type { SiteId } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";
import { catalogueSnapshot } from "~/services/commerce/index.server";
import { createEmbeddedAnalytics } from "./embedded.server";
import type { AnalyticsIntegration } from "./types";

export type { AnalyticsIntegration } from "./types";

/** The integrations by the name the browser posts. */
const INTEGRATIONS: ReadonlyMap<string, AnalyticsIntegration> = new Map(
  [createEmbeddedAnalytics(prisma)].map((integration) => [integration.name, integration]),
);

/** Why a collection post was not recorded. */
export type CollectOutcome = "recorded" | "not-tracked" | "invalid-integration" | "no-consent";

/**
 * Records a post's events (docs/rules.md "Analytics"): nothing on a site that tracks nothing,
 * an unknown or misconfigured integration refused, nothing without the integration's
 * consent category.
 */
export async function collectAnalytics(input: {
  site: SiteId;
  integration: string;
  events: readonly AnalyticsEvent[];
  consent: ConsentState;
}): Promise<CollectOutcome> {
  if (!sitePolicy(input.site).tracksAnalytics) return "not-tracked";
  const integration = INTEGRATIONS.get(input.integration);
  if (!integration || integration.configurationError() !== null) return "invalid-integration";
  if (!allows(input.consent, integration.category)) return "no-consent";
  await integration.record(input.site, input.events);
  return "recorded";
}

/**
 * A purchase made on a platform's checkout (Shopify's orders/create), recorded by the shop's own
 * integration with `writer`, the transaction of its cause: only where the site tracks, and only
 * when the shopper's consent, carried from the hand-off, allowed the integration's category.
 */
export async function recordPlatformPurchase(
  writer: Pick<Prisma.TransactionClient, "analyticsEvent">,
  input: { site: SiteId; consented: boolean; event: AnalyticsEvent },
): Promise<boolean> {
  if (!sitePolicy(input.site).tracksAnalytics || !input.consented) return false;
  const { payload, valueCents } = storedPart(input.event);
  await writer.analyticsEvent.create({
    data: {
      site: input.site,
      integration: SHOP_INTEGRATION,
      event: input.event.event,
      payload: JSON.stringify(payload),
      valueCents,
    },
  });
  return true;
}

/** Whether the shopper's consent lets the shop's own integration record (what the hand-off carries). */
export function shopAnalyticsAllowed(consent: ConsentState): boolean {
  const shop = INTEGRATIONS.get(SHOP_INTEGRATION);
  return shop !== undefined && allows(consent, shop.category);
}

/**
 * The Set-Cookie of the one-time marker after a sign-in or registration (docs/decisions.md
 * "Analytics"): read and cleared by the browser's page-view tracker; none where the site
 * tracks nothing.
 */
export function accountMarkerCookie(site: SiteId, event: "login" | "sign_up", method: SignInMethod): string | null {
  if (!sitePolicy(site).tracksAnalytics) return null;
  const secure = serverSettings.NODE_ENV === "production" ? "; Secure" : "";
  return `${ACCOUNT_MARKER_COOKIE}=${accountMarkerValue(event, method)}; Path=/; Max-Age=${ACCOUNT_MARKER_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

/** Appends the account marker to a redirect that signed the shopper in or up. */
export function withAccountMarker(
  response: Response,
  site: SiteId,
  event: "login" | "sign_up",
  method: SignInMethod,
): Response {
  const cookie = accountMarkerCookie(site, event, method);
  if (cookie && response.status >= 300 && response.status < 400) response.headers.append("Set-Cookie", cookie);
  return response;
}

/** The brand slug of each sku the catalogue knows (order lines keep no brand). */
export async function brandsOfSkus(skus: readonly string[]): Promise<Record<string, string>> {
  const { bySku } = await catalogueSnapshot(prisma);
  const brands: Record<string, string> = {};
  for (const sku of skus) {
    const brand = bySku.get(sku)?.product.detail.brand;
    if (brand) brands[sku] = brand;
  }
  return brands;
}
