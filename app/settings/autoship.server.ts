// The autoship engine and the back-in-stock job (docs/rules.md "Jobs", "Back in stock").
import { z } from "zod";
import { optional } from "./core.server";

export const autoshipFields = {
  // Autoship engine: a job run every N minutes (docs/rules.md "Jobs"); 0 = off, only `npm run autoship:run`.
  AUTOSHIP_SCHEDULE_MINUTES: optional(z.coerce.number().int().min(0, "must be 0 (off) or more")).transform(
    (v) => v ?? 60,
  ),
  AUTOSHIP_REMINDER_DAYS: optional(z.coerce.number().int().min(0).max(30)).transform((v) => v ?? 3),
  // How often the back-in-stock job emails those waiting for a variant whose stock returned; 0 = off.
  BACK_IN_STOCK_POLL_SECONDS: optional(
    z.coerce
      .number({ invalid_type_error: "must be a number of seconds" })
      .int("must be whole seconds")
      .min(0, "must be from 0 (off) to 3600")
      .max(3600, "must be from 0 (off) to 3600"),
  ).transform((v) => v ?? 60),
};
