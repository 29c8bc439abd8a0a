import { describe, expect, it } from "vitest";
import { EnvError } from "~/env.server";
import { parseCommerceSettings, storefrontEndpoint } from "./settings.server";

const SHOPIFY = {
  COMMERCE_PROVIDER: "shopify",
  SHOPIFY_STORE_DOMAIN: "pet-food.myshopify.com",
  SHOPIFY_STOREFRONT_ACCESS_TOKEN: "storefront-token-secret-value",
  SHOPIFY_WEBHOOK_SECRET: "webhook-secret-0123456789",
};

const issuesOf = (source: Record<string, string>) => {
  try {
    parseCommerceSettings(source);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).issues;
  }
};

describe("commerce settings (docs/rules.md 'Shopify adapter')", () => {
  it("runs on the embedded provider by default, with nothing else needed", () => {
    expect(parseCommerceSettings({}).COMMERCE_PROVIDER).toBe("embedded");
    expect(parseCommerceSettings({ COMMERCE_PROVIDER: "" }).COMMERCE_PROVIDER).toBe("embedded");
  });

  it("needs the store, the storefront token and the webhook secret on Shopify, naming each", () => {
    expect(issuesOf({ COMMERCE_PROVIDER: "shopify" })).toEqual([
      "SHOPIFY_STORE_DOMAIN is required when COMMERCE_PROVIDER is shopify",
      "SHOPIFY_STOREFRONT_ACCESS_TOKEN is required when COMMERCE_PROVIDER is shopify",
      "SHOPIFY_WEBHOOK_SECRET is required when COMMERCE_PROVIDER is shopify",
    ]);
    expect(issuesOf(SHOPIFY)).toEqual([]);
    expect(issuesOf({ COMMERCE_PROVIDER: "magento" })).toEqual([
      'COMMERCE_PROVIDER must be embedded or shopify (got "magento")',
    ]);
  });

  it("never echoes a token or secret, and takes http only from a loopback origin", () => {
    const issues = issuesOf({
      ...SHOPIFY,
      SHOPIFY_WEBHOOK_SECRET: "short",
      SHOPIFY_API_URL: "http://proxy.example.com",
    });
    expect(issues).toEqual([
      'SHOPIFY_API_URL must be an https origin with no path (http only on a loopback host) (got "http://proxy.example.com")',
      "SHOPIFY_WEBHOOK_SECRET must be at least 16 characters long",
    ]);
    expect(issues.join(" ")).not.toContain("short");
  });

  it("builds the Storefront endpoint from the domain or the origin that replaces it", () => {
    expect(storefrontEndpoint(parseCommerceSettings(SHOPIFY))).toBe(
      "https://pet-food.myshopify.com/api/2026-04/graphql.json",
    );
    expect(
      storefrontEndpoint(
        parseCommerceSettings({ ...SHOPIFY, SHOPIFY_API_URL: "http://127.0.0.1:4000", SHOPIFY_API_VERSION: "2025-10" }),
      ),
    ).toBe("http://127.0.0.1:4000/api/2025-10/graphql.json");
  });
});
