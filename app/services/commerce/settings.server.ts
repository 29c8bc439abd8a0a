// The commerce provider's settings: which provider serves the shop and, for Shopify, the
// store, its tokens and secrets. Parsed from the environment with the same strict messages
// as env.server.ts (an EnvError names each bad variable and never echoes a secret), but owned
// here, beside the provider that reads them.
import { z } from "zod";
import { EnvError } from "~/env.server";

import type { CommerceProviderId } from "~/models/commerce-features";

export const COMMERCE_PROVIDERS = ["embedded", "shopify"] as const satisfies readonly CommerceProviderId[];

/** The Storefront API version whose schema the adapter's documents are validated against (tests/shopify). */
export const DEFAULT_SHOPIFY_API_VERSION = "2026-04";

const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** An http(s) origin without path or credentials; http only on loopback (tests, a local proxy). */
const apiOrigin = z
  .string()
  .url("must be an origin such as https://proxy.example.com")
  .refine((value) => {
    if (!URL.canParse(value)) return true; // .url() reports it
    const url = new URL(value);
    const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
    return (
      (url.protocol === "https:" || (url.protocol === "http:" && loopback)) &&
      url.pathname === "/" &&
      !url.search &&
      !url.username &&
      !url.password
    );
  }, "must be an https origin with no path (http only on a loopback host)")
  .transform((value) => new URL(value).origin);

const SettingsSchema = z
  .object({
    COMMERCE_PROVIDER: optional(
      z.enum(COMMERCE_PROVIDERS, { errorMap: () => ({ message: "must be embedded or shopify" }) }),
    ).transform((v) => v ?? "embedded"),
    SHOPIFY_STORE_DOMAIN: optional(
      z.string().regex(/^[a-z0-9][a-z0-9-]*(\.[a-z0-9-]+)+$/i, "must be a host name such as your-store.myshopify.com"),
    ),
    SHOPIFY_STOREFRONT_ACCESS_TOKEN: optional(z.string().min(1)),
    SHOPIFY_API_VERSION: optional(
      z.string().regex(/^\d{4}-(01|04|07|10)$/, "must be a Storefront API version such as 2026-04"),
    ).transform((v) => v ?? DEFAULT_SHOPIFY_API_VERSION),
    SHOPIFY_API_URL: optional(apiOrigin),
    SHOPIFY_ADMIN_ACCESS_TOKEN: optional(z.string().min(1)),
    SHOPIFY_ADMIN_API_URL: optional(apiOrigin),
    SHOPIFY_MULTIPASS_SECRET: optional(z.string().min(16, "must be at least 16 characters long")),
    SHOPIFY_WEBHOOK_SECRET: optional(z.string().min(16, "must be at least 16 characters long")),
    SHOPIFY_TIMEOUT_MS: optional(z.coerce.number().int().min(100, "must be 100 or more")).transform((v) => v ?? 5_000),
  })
  .superRefine((settings, ctx) => {
    if (settings.COMMERCE_PROVIDER !== "shopify") return;
    for (const name of ["SHOPIFY_STORE_DOMAIN", "SHOPIFY_STOREFRONT_ACCESS_TOKEN", "SHOPIFY_WEBHOOK_SECRET"] as const) {
      if (!settings[name])
        ctx.addIssue({ code: "custom", path: [name], message: "is required when COMMERCE_PROVIDER is shopify" });
    }
  });

export type CommerceSettings = z.infer<typeof SettingsSchema>;

/** Parses the commerce settings; throws EnvError naming each bad variable (secrets and tokens never echoed). */
export function parseCommerceSettings(source: Record<string, string | undefined>): CommerceSettings {
  const result = SettingsSchema.safeParse(source);
  if (result.success) return result.data;
  throw new EnvError(
    result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const hidden = /SECRET|TOKEN/.test(name) || source[name] === undefined;
      return `${name} ${issue.message}${hidden ? "" : ` (got ${JSON.stringify(source[name])})`}`;
    }),
  );
}

/** The Admin API's GraphQL endpoint: SHOPIFY_ADMIN_API_URL or the store's https origin, then /admin/api/{version}/graphql.json. */
export function adminEndpoint(
  settings: Pick<CommerceSettings, "SHOPIFY_STORE_DOMAIN" | "SHOPIFY_ADMIN_API_URL" | "SHOPIFY_API_VERSION">,
): string {
  const origin = settings.SHOPIFY_ADMIN_API_URL ?? `https://${settings.SHOPIFY_STORE_DOMAIN}`;
  return `${origin}/admin/api/${settings.SHOPIFY_API_VERSION}/graphql.json`;
}

/** The store's origin: https://{domain}, or SHOPIFY_API_URL (tests and proxies). */
export function storeOrigin(settings: Pick<CommerceSettings, "SHOPIFY_STORE_DOMAIN" | "SHOPIFY_API_URL">): string {
  return settings.SHOPIFY_API_URL ?? `https://${settings.SHOPIFY_STORE_DOMAIN}`;
}

/** The Storefront API's GraphQL endpoint: the store's origin, then /api/{version}/graphql.json. */
export function storefrontEndpoint(
  settings: Pick<CommerceSettings, "SHOPIFY_STORE_DOMAIN" | "SHOPIFY_API_URL" | "SHOPIFY_API_VERSION">,
): string {
  return `${storeOrigin(settings)}/api/${settings.SHOPIFY_API_VERSION}/graphql.json`;
}

export const commerceSettings: CommerceSettings = parseCommerceSettings(process.env);
