// The Storefront API over HTTP: one POST of a GraphQL document to
// {origin}/api/{version}/graphql.json with the storefront access token, bounded in time.
// Shopify's own client (@shopify/storefront-api-client) forces https:// on the store domain
// and retries without reading Retry-After; the shop needs an http:// origin on loopback for
// its tests and a retry that honours Shopify's answer, so it speaks the (small) protocol here
// (docs/decisions.md "Shopify adapter").

/** Why a call failed: Shopify could not be reached or refused for now (503), or the answer was an error (502). */
export class ShopifyUnavailable extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ShopifyUnavailable";
  }
}

/** GraphQL errors in an answer: a document the schema refuses, or an access the token lacks. */
export class ShopifyGraphQLError extends Error {
  constructor(
    readonly operation: string,
    readonly errors: readonly { message: string; extensions?: { code?: string } }[],
  ) {
    super(`Shopify refused ${operation}: ${errors.map((e) => e.message).join("; ")}`);
    this.name = "ShopifyGraphQLError";
  }
}

export interface StorefrontClientOptions {
  endpoint: string;
  token: string;
  /** The header the token is sent in: the Storefront API's by default, `x-shopify-access-token` for the Admin API. */
  authHeader?: string;
  /** Per attempt, connection to whole body (default 5 s). */
  timeoutMs?: number;
  /** Longest wait the client accepts before a retry (Retry-After above it fails at once). */
  maxRetryWaitMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export interface StorefrontClient {
  /**
   * Sends one document. Queries are retried after a 429 (its Retry-After), a THROTTLED
   * answer, a 502/503/504 or a timeout; mutations only after a 429 or THROTTLED answer, which
   * Shopify gives before doing anything, never after a timeout that may have applied them.
   */
  request<T>(document: string, variables?: Record<string, unknown>): Promise<T>;
}

/** Attempts per call: the first and up to two retries. */
const ATTEMPTS = 3;
const BACKOFF_MS = 250;

const operationOf = (document: string) =>
  /\b(query|mutation)\s+(\w+)/.exec(document) ?? ([document, "query", "anonymous"] as const);

/** Retry-After in milliseconds (seconds or an HTTP date), or null. */
function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createStorefrontClient(options: StorefrontClientOptions): StorefrontClient {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const maxRetryWaitMs = options.maxRetryWaitMs ?? 2_000;
  const fetchImpl = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;

  return {
    async request<T>(document: string, variables: Record<string, unknown> = {}): Promise<T> {
      const [, kind, operation] = operationOf(document);
      const mutation = kind === "mutation";
      let lastError: ShopifyUnavailable | null = null;
      let waitMs = 0;

      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        if (lastError) {
          if (waitMs > maxRetryWaitMs) break;
          await sleep(waitMs);
        }
        waitMs = BACKOFF_MS * attempt;
        let status: number | null = null;
        let body: string;
        let retryAfter: string | null = null;
        try {
          const response = await fetchImpl(options.endpoint, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              accept: "application/json",
              [options.authHeader ?? "x-shopify-storefront-access-token"]: options.token,
            },
            body: JSON.stringify({ query: document, variables, operationName: operation }),
            signal: AbortSignal.timeout(timeoutMs),
            redirect: "error",
          });
          status = response.status;
          retryAfter = response.headers.get("retry-after");
          body = await response.text();
        } catch (cause) {
          lastError = new ShopifyUnavailable(`Shopify did not answer ${operation}`, status, { cause });
          if (mutation) break;
          continue;
        }

        if (status === 429 || status === 430) {
          lastError = new ShopifyUnavailable(`Shopify throttled ${operation}`, status);
          waitMs = retryAfterMs(retryAfter) ?? waitMs;
          continue;
        }
        if (status >= 500) {
          lastError = new ShopifyUnavailable(`Shopify answered ${status} to ${operation}`, status);
          if (mutation) break;
          continue;
        }
        if (status !== 200) {
          throw new ShopifyUnavailable(`Shopify answered ${status} to ${operation}`, status, {
            cause: new Error(body.slice(0, 500)),
          });
        }

        let answer: { data?: T; errors?: { message: string; extensions?: { code?: string } }[] };
        try {
          answer = JSON.parse(body) as typeof answer;
        } catch (cause) {
          throw new ShopifyUnavailable(`Shopify's answer to ${operation} is not JSON`, status, { cause });
        }
        if (answer.errors?.length) {
          if (answer.errors.some((e) => e.extensions?.code === "THROTTLED")) {
            lastError = new ShopifyUnavailable(`Shopify throttled ${operation}`, status);
            continue;
          }
          throw new ShopifyGraphQLError(operation, answer.errors);
        }
        if (answer.data === undefined)
          throw new ShopifyUnavailable(`Shopify's answer to ${operation} has no data`, status);
        return answer.data;
      }
      throw lastError ?? new ShopifyUnavailable(`Shopify did not answer ${operation}`, null);
    },
  };
}
