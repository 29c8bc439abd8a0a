// Reading a page action's form body (docs/architecture.md "Forms and the JSON API": every
// mutation is a form post). A body that is not a form, or a broken one, is the
// sender's mistake: it answers 415 or 400 with a clear message, never a 500.
import type { SubmissionResult } from "@conform-to/react";
import { json, type TypedResponse } from "@remix-run/node";
import { PRIVATE_NO_STORE } from "~/models/cache-policy";
import type { Notice } from "~/models/notice";
import { FORM_MEDIA_TYPES, mediaType } from "~/models/request-guard";
import type { ServiceError } from "~/models/service-error";
import type { ActionReply, ConfirmQuestion } from "~/utils/form";

function refuse(status: 400 | 415, message: string): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * The form body of a page action. Throws a 415 answer when the body is not a form
 * (JSON, text, none: browsers and Remix fetchers always send one), a 400 when it cannot
 * be parsed (broken multipart, a missing boundary) or carries a file. The one form that
 * uploads a file, /admin/images, reads its body with `readImageUpload`
 * (app/services/content/upload.server.ts) instead.
 */
export async function readFormData(request: Request): Promise<FormData> {
  if (!FORM_MEDIA_TYPES.has(mediaType(request.headers.get("Content-Type")))) {
    throw refuse(415, "Send this form as application/x-www-form-urlencoded or multipart/form-data.");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw refuse(400, "The form could not be read. Reload the page and try again.");
  }
  for (const value of form.values()) {
    if (typeof value !== "string") throw refuse(400, "This form takes no files.");
  }
  return form;
}

// ---------------------------------------------------------------------------
// The one action reply shape and the one page "not found" (docs/rules.md "Forms and inputs").

/** What `replyWith` needs of a conform submission (`parseWithZod(formData, { schema })`). */
interface ConformSubmission {
  status?: "success" | "error";
  payload: Record<string, unknown>;
  reply(options?: {
    resetForm?: boolean;
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
  }): SubmissionResult<string[]>;
}

/** Options of `replyWith`. */
export interface ReplyOptions {
  /** Defaults: the error's status; 400 when the submission failed or errors are given; else 200. */
  status?: number;
  /** A one-line message for the page (a success shown in place, or a refusal). */
  notice?: Notice;
  /** Errors of the whole form, shown above it. */
  formErrors?: string[];
  /** Errors of single fields, by field name. */
  fieldErrors?: Record<string, string[]>;
  /** A service's refusal: its status, and its message on its field (or the form). */
  error?: ServiceError;
  /** The form's name of the error's field, when the service names it otherwise (e.g. "groupID" → "groupId"). */
  fieldName?: (field: string) => string;
  /** Which form answers, when not the posted intent (e.g. an unknown intent shown on the main form). */
  form?: string;
  /** Which of a page's repeated forms answered (e.g. the subscription or address id). */
  target?: string;
  /** Clears the form (after a success shown in place). */
  resetForm?: boolean;
  /** Fields whose typed value is never sent back (passwords). */
  hideFields?: string[];
  /** A destructive action's question, asked before it acts (`adminIntents`). */
  confirm?: ConfirmQuestion;
  headers?: HeadersInit;
}

/**
 * The answer of a page action shown in place (`ActionReply`, app/utils/form.ts): conform's
 * `submission.reply()` plus `form`, the posted `intent` naming which of the page's forms
 * answered (conform keeps its own `intent` key for validate/reset, so ours is `form`),
 * `target` for forms repeated per row, and an optional `notice`. The page picks its form's
 * reply with `replyFor` (app/utils/form.ts).
 */
export type { ActionReply };

/**
 * The one reply of a page action (docs/architecture.md "Forms and the JSON API"): JSON
 * `ActionReply`, `Cache-Control: no-store`. A ServiceError in `options.error` answers its
 * own status with its message on its field (docs/rules.md "Service errors know their status").
 */
export function replyWith(submission: ConformSubmission, options: ReplyOptions = {}): TypedResponse<ActionReply> {
  const { error, target, notice, resetForm } = options;
  let formErrors = options.formErrors;
  let fieldErrors = options.fieldErrors;
  if (error) {
    const field = error.field && options.fieldName ? options.fieldName(error.field) : error.field;
    if (field) fieldErrors = { ...fieldErrors, [field]: [error.message] };
    else formErrors = [...(formErrors ?? []), error.message];
  }
  const failed = submission.status !== "success" || Boolean(formErrors?.length || fieldErrors);
  const status = options.status ?? error?.status ?? (failed ? 400 : 200);
  const result = resetForm
    ? submission.reply({ resetForm })
    : submission.reply({ formErrors, fieldErrors, hideFields: options.hideFields });
  const intent = submission.payload.intent;
  const body: ActionReply = {
    ...result,
    form: options.form ?? (typeof intent === "string" ? intent : ""),
    ...(target !== undefined ? { target } : {}),
    ...(notice ? { notice } : {}),
    ...(options.confirm ? { confirm: options.confirm } : {}),
  };
  const headers = new Headers(options.headers);
  headers.set("Cache-Control", PRIVATE_NO_STORE);
  return json(body, { status, headers });
}

/**
 * The one "not found" of a page (docs/rules.md "Forms and inputs", "Not found"): throw it
 * from a loader or action; the error boundary renders the 404 page. Something that is not
 * the viewer's is not found too, the same as something that does not exist. JSON API
 * routes answer `notFound` from app/utils/api.server.ts instead.
 */
export function pageNotFound(message = "Page not found"): Response {
  return json({ message }, { status: 404, headers: { "Cache-Control": PRIVATE_NO_STORE } });
}
