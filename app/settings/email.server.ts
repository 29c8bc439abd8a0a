// Email and the outbox (docs/operations.md "Email and the outbox", docs/rules.md "Outbox").
import { z } from "zod";
import { DEFAULT_OUTBOX_MAX_TRIES } from "~/models/outbox";
import { optional } from "./core.server";

export const emailFields = {
  EMAIL_TRANSPORT: optional(
    z.enum(["outbox", "smtp"], { errorMap: () => ({ message: "must be outbox or smtp" }) }),
  ).transform((v) => v ?? "outbox"),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL")),
  EMAIL_FROM: optional(z.string().min(3)).transform((v) => v ?? "Pet Nutrition <orders@example.com>"),
  // Outbox (docs/rules.md "Outbox"): tries per message before it is marked failed with its last error.
  OUTBOX_MAX_TRIES: optional(
    z.coerce
      .number({ invalid_type_error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be from 1 to 100")
      .max(100, "must be from 1 to 100"),
  ).transform((v) => v ?? DEFAULT_OUTBOX_MAX_TRIES),
  // How often the outbox job looks for messages due (where jobs run: RUN_JOBS, `npm run worker`).
  OUTBOX_POLL_SECONDS: optional(
    z.coerce
      .number({ invalid_type_error: "must be a number of seconds" })
      .int("must be whole seconds")
      .min(1, "must be from 1 to 3600")
      .max(3600, "must be from 1 to 3600"),
  ).transform((v) => v ?? 5),
};

/** SMTP delivery needs its server. */
export function checkEmail(settings: { EMAIL_TRANSPORT: string; SMTP_URL?: string }, ctx: z.RefinementCtx) {
  if (settings.EMAIL_TRANSPORT === "smtp" && !settings.SMTP_URL) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["SMTP_URL"],
      message: "is required when EMAIL_TRANSPORT is smtp",
    });
  }
}
