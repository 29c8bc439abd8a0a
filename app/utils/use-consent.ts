// The consent state a page renders with (docs/rules.md "Consent"): what the root loader read
// from the cookie; the loaders run again after each choice, so it follows the shopper's choice.
import { useRouteLoaderData } from "@remix-run/react";
import { INITIAL_CONSENT, type ConsentState } from "~/models/consent";

export function useConsent(): ConsentState {
  const data = useRouteLoaderData("root") as { consent?: ConsentState } | undefined;
  return data?.consent ?? INITIAL_CONSENT;
}
