// The one guard in front of every request (docs/security.md): server.js calls it
// before static files, the image optimiser and Remix, so page actions, `?_data=`
// requests, resource routes and sign-in all pass through it.
import { serverSettings } from "~/env.server";
import { checkRequest, type GuardRefusal, type GuardRequest } from "~/models/request-guard";
import { allowedHosts, publicOrigin, siteForHost } from "~/services/site/index.server";

export type { GuardRefusal, GuardRequest };

const hosts = allowedHosts();

/** The guard's refusal for a request (status, code, message), or null to serve it. */
export function guardRequest(request: GuardRequest): GuardRefusal | null {
  return checkRequest(request, {
    enforceHosts: serverSettings.NODE_ENV === "production",
    allowedHosts: hosts,
    siteOrigin: publicOrigin(siteForHost(request.host)),
  });
}
