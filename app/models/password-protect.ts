import { z } from "zod";

/** The password page's form (when password protection is on, every page asks first). */
export const SitePasswordSchema = z.object({
  password: z.string({ required_error: "Enter the shop's password." }).min(1, "Enter the shop's password.").max(200),
  redirect: z.string().optional(),
});
