// Rate-limit budgets (docs/rules.md "Rate-limit budgets"; services/http/rate-limit.server.ts):
// requests allowed per client address before 429, per purpose.
import { z } from "zod";
import { optional } from "./core.server";

export const rateLimitFields = {
  // Browser error reports accepted per client address per minute before 429.
  CLIENT_ERROR_RATE_LIMIT_PER_MINUTE: optional(z.coerce.number().int().min(1, "must be 1 or more")).transform(
    (v) => v ?? 10,
  ),
  MUTATION_RATE_LIMIT_PER_MINUTE: optional(
    z.coerce
      .number({ invalid_type_error: "must be a number" })
      .int("must be a whole number")
      .min(0, "must be 0 (off) or more"),
  ).transform((v) => v ?? 300),
  // Sign-in posts allowed per client address per minute before 429 (docs/rules.md "Rate-limit budgets").
  SIGN_IN_RATE_LIMIT_PER_MINUTE: optional(z.coerce.number().int().min(1, "must be 1 or more")).transform(
    (v) => v ?? 10,
  ),
  CONTACT_RATE_LIMIT_PER_HOUR: optional(z.coerce.number().int().min(1, "must be 1 or more")).transform((v) => v ?? 5),
  // Password-reset emails and registrations per client address per hour, token API calls per
  // address per minute.
  PASSWORD_RESET_RATE_LIMIT_PER_HOUR: optional(z.coerce.number().int().min(1, "must be 1 or more")).transform(
    (v) => v ?? 10,
  ),
  REGISTER_RATE_LIMIT_PER_HOUR: optional(z.coerce.number().int().min(1, "must be 1 or more")).transform((v) => v ?? 10),
  TOKEN_API_RATE_LIMIT_PER_MINUTE: optional(z.coerce.number().int().min(1, "must be 1 or more")).transform(
    (v) => v ?? 30,
  ),
  // "Notify me when it's back" requests per client address per hour (docs/rules.md "Back in stock").
  BACK_IN_STOCK_RATE_LIMIT_PER_HOUR: optional(z.coerce.number().int().min(1, "must be 1 or more")).transform(
    (v) => v ?? 10,
  ),
};
