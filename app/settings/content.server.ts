// Content (catalogue spec section 7): the provider, how long answers are reused, and the secrets
// for draft previews and the cache-invalidation call.
import { z } from "zod";
import { optional } from "./core.server";

export const contentFields = {
  CONTENT_PROVIDER: optional(
    z.enum(["embedded"], { errorMap: () => ({ message: "must be embedded (the only provider built so far)" }) }),
  ).transform((v) => v ?? "embedded"),
  CONTENT_CACHE_SECONDS: optional(z.coerce.number().int().min(0, "must be 0 (no cache) or more")).transform(
    (v) => v ?? 60,
  ),
  CONTENT_PREVIEW_SECRET: optional(z.string().min(16, "must be at least 16 characters long")),
  ADMIN_SECRET: optional(z.string().min(16, "must be at least 16 characters long")),
};
