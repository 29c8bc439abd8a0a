// Consent-gated scripts (docs/rules.md "Consent"; catalogue spec section 7): a reviews provider's
// public widget script, loaded after functional consent instead of the shop's own reviews list,
// and tag-manager or analytics scripts, each under its consent category. Their origins, and
// nothing else, join the Content-Security-Policy's script-src.
import { z } from "zod";
import { optional, scriptUrl } from "./core.server";

export const consentFields = {
  REVIEWS_SCRIPT_URL: optional(scriptUrl),
  ANALYTICS_SCRIPTS: optional(
    z
      .string()
      .transform((value, ctx) => {
        try {
          return JSON.parse(value) as unknown;
        } catch {
          ctx.addIssue({
            code: "custom",
            message: 'must be a JSON array such as [{"id":"gtm","category":"advertising","src":"https://..."}]',
          });
          return z.NEVER;
        }
      })
      .pipe(
        z.array(
          z
            .object({
              id: z.string().regex(/^[a-z0-9-]{1,40}$/, "id must be lower-case letters, digits and dashes"),
              category: z.enum(["functional", "advertising"], {
                errorMap: () => ({ message: "category must be functional or advertising" }),
              }),
              src: scriptUrl,
              removeOnDecline: z.boolean().default(true),
            })
            .strict(),
        ),
      ),
  ).transform((v) => v ?? []),
};
