/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Per-request nonce for the Content-Security-Policy (set by server.js). */
    cspNonce?: string;
    /** The server build's asset-manifest version (set by server.js; answered by /builds/latest.json). */
    buildVersion?: string;
    /** The request's route label (set by server.js; the error tracker tags events with it). */
    routeLabel?: string;
  }
}
