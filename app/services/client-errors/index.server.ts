// Browser error reports (docs/rules.md "Browser error reports"): recorded by
// `recordClientError`, forwarded by the outbox's "client-error" handler.
import { observabilitySettings } from "~/env.server";
import type { ClientErrorReport } from "~/models/client-error";
import { PermanentDeliveryError } from "~/services/outbox/index.server";
import { forwardClientError } from "./forwarding.server";

export { recordClientError } from "./client-errors.server";
export { CLIENT_ERROR_TOPIC, CLIENT_ERROR_FORWARD_TIMEOUT_MS, forwardClientError } from "./forwarding.server";

/** The outbox's "client-error" handler: forwards a report to CLIENT_ERROR_FORWARD_URL. */
export async function clientErrorDelivery({ payload }: { payload: ClientErrorReport }): Promise<void> {
  // Unset after the report was queued: nowhere to send it, and retrying will not change that.
  if (!observabilitySettings.CLIENT_ERROR_FORWARD_URL)
    throw new PermanentDeliveryError("CLIENT_ERROR_FORWARD_URL is not set");
  await forwardClientError(observabilitySettings.CLIENT_ERROR_FORWARD_URL, payload);
}
