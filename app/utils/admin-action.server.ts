// The one way a back-office page acts (docs/rules.md "Back office: one form contract"): a post
// names its `intent`; the page's table (app/models/admin-intents.ts) gives the intent's schema,
// permission and confirmation; this runs them in that order and hands the parsed input to the
// page's handler. Every refusal is the one reply shape (`replyWith`), so errors sit beside
// their fields with or without JavaScript:
//   1. the page's own permission (a visitor is sent to sign in; a role without it gets 403);
//   2. an unknown intent: 400, nothing read;
//   3. the intent's permission: 403;
//   4. the schema: 400 with the field errors;
//   5. a destructive intent without `confirmed=yes`: 200 with the question, nothing changed;
//   6. the handler; a service's refusal (`ServiceError`) is answered with its status and message.
import type { Submission as ConformSubmission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import { CONFIRMED_FIELD, intentOf, isConfirmed, type IntentTable } from "~/models/admin-intents";
import type { Permission } from "~/models/admin-roles";
import { isServiceError } from "~/models/service-error";
import { requireAdmin, type AdminIdentity } from "~/services/admin/index.server";
import { readFormData, replyWith } from "~/utils/form.server";

type Submission = ConformSubmission<Record<string, unknown>, string[], unknown>;

export interface IntentContext {
  admin: AdminIdentity;
  /** The parsed submission, for `replyWith(ctx.submission, ...)`. */
  submission: Submission;
  request: Request;
}

type Input<Table extends IntentTable, Intent extends keyof Table> = z.output<Table[Intent]["schema"]>;

export interface AdminIntentsPage<Table extends IntentTable> {
  /** The permission of the page itself, checked before anything is read. */
  permission: Permission;
  intents: Table;
  /** Runs after the page's permission, before the body is read (e.g. `requireCommerceFeature`). */
  guard?: () => void | Promise<void>;
  /** The form already read (a page that takes files reads its own multipart body). */
  form?: FormData;
  /** The question of each intent that asks for confirmation: it names the effect. */
  questions?: {
    [Intent in keyof Table]?: (input: Input<Table, Intent>, ctx: IntentContext) => string | Promise<string>;
  };
  handlers: { [Intent in keyof Table]: (input: Input<Table, Intent>, ctx: IntentContext) => Promise<Response> };
}

/** Runs a back-office post through its page's intent table (see the file's comment for the order). */
export async function adminIntents<Table extends IntentTable>(
  request: Request,
  page: AdminIntentsPage<Table>,
): Promise<Response> {
  await requireAdmin(request, page.permission);
  await page.guard?.();
  const form = page.form ?? (await readFormData(request));
  const intent = intentOf(page.intents, form.get("intent"));
  if (!intent) {
    const submission = parseWithZod(form, { schema: page.intents[Object.keys(page.intents)[0]].schema });
    return replyWith(submission, {
      status: 400,
      form: "",
      formErrors: ["Unknown action. Reload the page and try again."],
    });
  }
  const spec = page.intents[intent];
  const admin = await requireAdmin(request, spec.permission);
  const submission = parseWithZod(form, { schema: spec.schema });
  if (submission.status !== "success") return replyWith(submission);
  const input = submission.value as Input<Table, typeof intent>;
  const ctx: IntentContext = { admin, submission, request };
  try {
    if (spec.confirm && !isConfirmed(form)) {
      const ask = page.questions?.[intent];
      const question = ask ? await ask(input, ctx) : `${spec.confirm.label}?`;
      const fields = [...form.entries()].filter(
        (entry): entry is [string, string] => typeof entry[1] === "string" && entry[0] !== CONFIRMED_FIELD,
      );
      return replyWith(submission, { status: 200, confirm: { question, label: spec.confirm.label, fields } });
    }
    return await page.handlers[intent](input, ctx);
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return replyWith(submission, { error });
  }
}
