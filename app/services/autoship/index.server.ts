import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { pricingFor } from "~/services/checkout/index.server";
import { email } from "~/services/email/index.server";
import { payments } from "~/services/payment/index.server";
import { createAutoship } from "./autoship.server";

export { SubscriptionError, type RunSummary } from "./autoship.server";

/** The shop's autoship engine and subscription operations, on the embedded providers. */
export const autoship = createAutoship({
  db: prisma,
  payments,
  email,
  pricing: pricingFor,
  reminderDays: env.AUTOSHIP_REMINDER_DAYS,
});

let timer: NodeJS.Timeout | null = null;

/** Runs the engine every AUTOSHIP_SCHEDULE_MINUTES inside the server (off when 0). */
export function startAutoshipSchedule(): void {
  if (timer || env.AUTOSHIP_SCHEDULE_MINUTES <= 0) return;
  let running = false;
  timer = setInterval(() => {
    if (running) return;
    running = true;
    autoship
      .run()
      .catch((error: unknown) => console.error("autoship run failed", error))
      .finally(() => {
        running = false;
      });
  }, env.AUTOSHIP_SCHEDULE_MINUTES * 60_000);
  timer.unref();
}
