// The shop's jobs (docs/rules.md "Jobs"): this list is every job `npm start` (RUN_JOBS)
// and `npm run worker` run, each once at a time across every process on the database.
import { prisma } from "~/db.server";
import { autoshipSettings, emailSettings, serverSettings } from "~/env.server";
import { autoship } from "~/services/autoship/index.server";
import { CLIENT_ERROR_TOPIC, clientErrorDelivery } from "~/services/client-errors/index.server";
import {
  DONATION_CONFIRMATION_TOPIC,
  DONATION_EVENT_TOPIC,
  donationConfirmationDelivery,
  donationEventDelivery,
} from "~/services/donations/index.server";
import { SHOPIFY_METAFIELDS_TOPIC, shopifyMetafieldsHandler } from "~/services/customers/index.server";
import { EMAIL_TOPIC, emailDelivery } from "~/services/email/index.server";
import { orderLifecycle, REFUND_TOPIC } from "~/services/orders/index.server";
import { outbox } from "~/services/outbox/index.server";
import { stockNotifications } from "~/services/stock/index.server";
import { defaultHolder, startJobs, type Job, type JobRunnerOptions, type StopJobs } from "./runner.server";
import { createJobRuns } from "./runs.server";

export {
  createLeases,
  defaultHolder,
  startJobs,
  type Job,
  type JobRunnerOptions,
  type StopJobs,
} from "./runner.server";

// Every outbox topic and its owner's handler (docs/rules.md "Outbox").
outbox.register(EMAIL_TOPIC, emailDelivery);
outbox.register(CLIENT_ERROR_TOPIC, clientErrorDelivery);
outbox.register(DONATION_CONFIRMATION_TOPIC, donationConfirmationDelivery);
outbox.register(DONATION_EVENT_TOPIC, donationEventDelivery);
outbox.register(REFUND_TOPIC, (delivery: { payload: { refundId: string } }) => orderLifecycle.refundDelivery(delivery));
if (shopifyMetafieldsHandler) outbox.register(SHOPIFY_METAFIELDS_TOPIC, shopifyMetafieldsHandler);

/** Every job the shop runs. A setting of 0 turns its job off. */
export const shopJobs: Job[] = [
  // Delivers every queued email and remote call (docs/rules.md "Outbox").
  { name: "outbox", intervalMs: emailSettings.OUTBOX_POLL_SECONDS * 1000, run: () => outbox.deliverDue() },
  ...(autoshipSettings.AUTOSHIP_SCHEDULE_MINUTES > 0
    ? [{ name: "autoship", intervalMs: autoshipSettings.AUTOSHIP_SCHEDULE_MINUTES * 60_000, run: () => autoship.run() }]
    : []),
  // Emails each waiting "notify me" request once its variant is in stock again (docs/rules.md "Back in stock").
  ...(autoshipSettings.BACK_IN_STOCK_POLL_SECONDS > 0
    ? [
        {
          name: "back-in-stock",
          intervalMs: autoshipSettings.BACK_IN_STOCK_POLL_SECONDS * 1000,
          run: () => stockNotifications.notifyBackInStock(),
        },
      ]
    : []),
];

export { createJobRuns, RECENT_FAILURES, RUNS_PER_JOB, type JobRunView } from "./runs.server";

/** Each of the shop's jobs with its last runs, and the recent failures (the back office's jobs page). */
export const jobOverview = () => createJobRuns(prisma).overview(shopJobs.map((job) => job.name));

/** Starts the shop's jobs on the shop's database; `stop()` waits for a running one (up to SHUTDOWN_TIMEOUT_MS). */
export function startShopJobs(options: Partial<JobRunnerOptions> = {}): StopJobs {
  return startJobs(shopJobs, {
    db: prisma,
    holder: defaultHolder(),
    stopTimeoutMs: serverSettings.SHUTDOWN_TIMEOUT_MS,
    ...options,
  });
}
