// Donations (docs/rules.md "Donations"; catalogue spec sections 3 and 7): the provider, the store id
// (32 hex characters; a malformed one raises 'Invalid StoreId' and hides the widget), the remote
// SDK environment or an explicit API URL, and test mode.
import { z } from "zod";
import { DONATION_SDK_ENVIRONMENTS, EMBEDDED_DONATION_STORE_ID } from "~/models/donations";
import { flag, optional } from "./core.server";

export const donationFields = {
  DONATIONS_PROVIDER: optional(
    z.enum(["embedded", "remote"], { errorMap: () => ({ message: "must be embedded or remote" }) }),
  ).transform((v) => v ?? "embedded"),
  DONATIONS_STORE_ID: optional(z.string().min(1)).transform((v) => v ?? EMBEDDED_DONATION_STORE_ID),
  DONATIONS_SDK_ENV: optional(
    z.enum(DONATION_SDK_ENVIRONMENTS, { errorMap: () => ({ message: "must be dev, qa, staging1 or prod" }) }),
  ).transform((v) => v ?? "prod"),
  DONATIONS_API_URL: optional(
    z
      .string()
      .url("must be a URL such as https://api.example.com/")
      .refine((value) => /^https?:\/\//i.test(value), "must be an http(s) URL"),
  ),
  DONATIONS_TEST_MODE: flag(false),
  // What one unit of the donation store's primary currency is worth in US dollars; needed only
  // when that currency is not USD (unset then: the shop gives nothing and logs why).
  DONATIONS_CURRENCY_RATE: optional(
    z.coerce.number({ invalid_type_error: "must be a number" }).positive("must be above 0"),
  ),
};
