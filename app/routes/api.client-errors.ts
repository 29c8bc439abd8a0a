import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import {
  CLIENT_ERROR_KINDS,
  CLIENT_ERROR_LIMITS,
  CLIENT_ERROR_MAX_BODY_BYTES,
  type ClientErrorReport,
} from "~/models/client-error";
import { recordClientError } from "~/services/client-errors/index.server";
import { methodNotAllowed, parseJsonBody, requireMethod } from "~/utils/api.server";
import { requireApiBudget } from "~/utils/rate-limit.server";

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);

const ReportSchema = z
  .object({
    kind: z.enum(CLIENT_ERROR_KINDS, { errorMap: () => ({ message: "must be error or unhandledrejection" }) }),
    message: text(CLIENT_ERROR_LIMITS.message),
    name: text(CLIENT_ERROR_LIMITS.name).optional(),
    stack: text(CLIENT_ERROR_LIMITS.stack).optional(),
    path: text(CLIENT_ERROR_LIMITS.path).regex(/^\//, "must be the page's path, starting with /"),
    userAgent: text(CLIENT_ERROR_LIMITS.userAgent).optional(),
  })
  .strict();

export async function loader() {
  return methodNotAllowed(["POST"]);
}

/**
 * POST an unhandled browser error (docs/rules.md "Browser error reports"): rate limited per
 * client address, at most CLIENT_ERROR_MAX_BODY_BYTES, validated; recorded and answered 204.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await requireApiBudget("client-error", context);
  const report = await parseJsonBody(request, ReportSchema, {
    maxBytes: CLIENT_ERROR_MAX_BODY_BYTES,
    noun: "error report",
    invalidMessage:
      "The error report is not valid: send { kind, message, path } and optionally name, stack, userAgent.",
  });
  await recordClientError(report as ClientErrorReport);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
