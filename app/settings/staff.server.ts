// Staff-feeding program (shop-core spec section 6): account groups eligible for program pricing
// (isEligibleForPd), the program discount, and the monthly allowance of program-priced
// merchandise per member.
import { z } from "zod";
import { optional } from "./core.server";

export const staffFields = {
  PD_ELIGIBLE_ACCOUNT_GROUPS: optional(
    z.string().regex(/^[A-Za-z0-9_-]+(\s*,\s*[A-Za-z0-9_-]+)*$/, 'must be a comma-separated list such as "ZPRO,ZSCH"'),
  ).transform((v) => (v ?? "ZPRO,ZSCH").split(",").map((group) => group.trim().toUpperCase())),
  PROGRAM_DISCOUNT_PERCENT: optional(
    z.coerce
      .number({ invalid_type_error: "must be a number" })
      .min(0, "must be from 0 to 90")
      .max(90, "must be from 0 to 90"),
  ).transform((v) => v ?? 30),
  STAFF_MONTHLY_QUOTA_CENTS: optional(
    z.coerce.number({ invalid_type_error: "must be a number of cents" }).int("must be whole cents").min(0),
  ).transform((v) => v ?? 50_000),
};
