// The web boundary: which site a request is for, its session and notices, the
// shopper's location, the route guards, password protection, the same-origin guard,
// rate limits, the honeypot and the cache policy (docs/architecture.md "Layers").
export * from "./cache-policy.server";
export * from "./guards.server";
export * from "./password-protect.server";
export * from "./honeypot.server";
export * from "./location.server";
export * from "./session.server";
export * from "./notice.server";
export * from "./rate-limit.server";
export * from "./request-guard.server";
export * from "./cart-session.server";
