// The page side of the one action reply shape (app/utils/form.server.ts `replyWith`).
import type { SubmissionResult } from "@conform-to/react";
import type { Notice } from "~/models/notice";

/** A page action's reply as the page reads it (same as `ActionReply` on the server). */
export type ActionReply = SubmissionResult<string[]> & {
  form: string;
  target?: string;
  notice?: Notice;
  /** A destructive action's question: nothing changed yet; the page shows `ConfirmPanel`. */
  confirm?: ConfirmQuestion;
};

/** What a destructive post asks before it acts (app/models/admin-intents.ts). */
export interface ConfirmQuestion {
  /** Names the effect: "Cancel order #100012 and refund $57.36?" */
  question: string;
  /** The confirming button's words. */
  label: string;
  /** The post's own fields, sent again with the confirmation. */
  fields: [string, string][];
}

/**
 * The reply of one form of a page with several: undefined unless `data` answered the form
 * posted with `intent` (and, for forms repeated per row, `target`). Pass it to conform's
 * `useForm({ lastResult })`.
 */
export function replyFor(data: unknown, intent: string, target?: string): ActionReply | undefined {
  if (typeof data !== "object" || data === null || !("form" in data)) return undefined;
  const reply = data as ActionReply;
  if (reply.form !== intent) return undefined;
  if (target !== undefined && reply.target !== target) return undefined;
  return reply;
}
