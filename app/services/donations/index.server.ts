// The donation service as the shop uses it (docs/rules.md "Donations"). DONATIONS_PROVIDER
// chooses the provider: "embedded" answers from our database, "remote" calls the
// ShoppingGives API of DONATIONS_SDK_ENV (or DONATIONS_API_URL). Errors are logged and
// counted by the listener below, which also makes the SDK layer swallow them.
import { prisma } from "~/db.server";
import { donationSettings, siteSettings } from "~/env.server";
import { donationApiBaseUrl } from "~/models/donations";
import { commerce } from "~/services/commerce/index.server";
import { logger, metrics } from "~/services/observability/index.server";
import { outbox, type OutboxWriter } from "~/services/outbox/index.server";
import {
  createDonations,
  DONATION_CONFIRMATION_TOPIC,
  DONATION_EVENT_TOPIC,
  type DonationEventPayload,
} from "./donations.server";
import { createEmbeddedDonations } from "./embedded.server";
import { createRemoteDonations } from "./remote.server";
import { createDonationReport } from "./report.server";
import type { DonationConfirmationPayload, DonationProvider } from "./types";

export {
  createDonations,
  DonationChoiceError,
  DONATION_CONFIRMATION_TOPIC,
  DONATION_EVENT_TOPIC,
  HIDDEN_WIDGET,
} from "./donations.server";
export { createEmbeddedDonations } from "./embedded.server";
export { createRemoteDonations } from "./remote.server";
export { createDonationReport } from "./report.server";

/** What orders gave, by cause and by month, for the back office (docs/rules.md "Back office: donations"). */
export const donationReport = createDonationReport(prisma, siteSettings.SHOP_TIME_ZONE);
export type * from "./types";

function providerFor(name: typeof donationSettings.DONATIONS_PROVIDER): DonationProvider {
  switch (name) {
    case "embedded":
      return createEmbeddedDonations(prisma, donationSettings.DONATIONS_STORE_ID);
    case "remote":
      return createRemoteDonations({
        storeId: donationSettings.DONATIONS_STORE_ID,
        baseUrl: donationApiBaseUrl(donationSettings.DONATIONS_SDK_ENV, donationSettings.DONATIONS_API_URL),
      });
  }
}

/** The shop's donation SDK layer on the configured provider. */
export const donations = createDonations({
  provider: providerFor(donationSettings.DONATIONS_PROVIDER),
  storeId: donationSettings.DONATIONS_STORE_ID,
  testMode: donationSettings.DONATIONS_TEST_MODE,
  currencyRate: donationSettings.DONATIONS_CURRENCY_RATE ?? null,
  async setCartAttributes(cartId, attributes) {
    await commerce.updateAttributes(cartId, attributes);
  },
  async queueEvent(payload) {
    await outbox.enqueue(prisma, { topic: DONATION_EVENT_TOPIC, payload });
  },
});

// Every SDK and API error is logged and counted, and so swallowed: the shop goes on without
// a donation (catalogue spec section 8).
donations.on((error) => {
  metrics.donationErrors.inc({ message: error.message });
  logger().warn({ err: error }, `donations: ${error.message}`);
});

/**
 * Queues an order's confirmation data for the donation service, with `writer` the transaction
 * that completes the order (docs/rules.md "Outbox"): both are kept or neither is.
 */
export async function enqueueDonationConfirmation(
  writer: OutboxWriter,
  payload: DonationConfirmationPayload,
): Promise<void> {
  await outbox.enqueue(writer, { topic: DONATION_CONFIRMATION_TOPIC, payload });
}

/** The outbox handlers (registered with the jobs). */
export const donationConfirmationDelivery = (delivery: { payload: DonationConfirmationPayload }) =>
  donations.confirmationDelivery(delivery);
export const donationEventDelivery = (delivery: { payload: DonationEventPayload }) => donations.eventDelivery(delivery);
