// The back office's customer screens, pure parts (docs/rules.md "Back office: customers"): the
// search's query string, its page size, how a sign-in's lock reads to an operator, and the
// customer page's actions (`CUSTOMER_INTENTS`) with the question Unlock asks first.
import { z } from "zod";
import { defineIntents } from "./admin-intents";
import { SITE_IDS } from "./site";

export const CUSTOMER_PAGE_SIZE = 25;

/** The customers list's filter, from the query string; junk falls back to "no filter". */
export const CustomerSearchSchema = z.object({
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined),
  site: z.enum(SITE_IDS).optional().catch(undefined),
  members: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => value === "1" || value === "on"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type CustomerSearch = z.infer<typeof CustomerSearchSchema>;

export function customerSearchOf(params: URLSearchParams): CustomerSearch {
  return CustomerSearchSchema.parse(Object.fromEntries(params));
}

export interface SignInState {
  locked: boolean;
  /** ISO time the lock ends, while locked. */
  lockedUntil: string | null;
  failedSignIns: number;
  /** Whether "Unlock" has anything to clear (a lock or a count of failures). */
  canUnlock: boolean;
}

/**
 * A sign-in's lock as an operator sees it (docs/rules.md "Accounts": ten failures lock for 15
 * minutes): locked while `lockedUntil` is after now; a lapsed lock is not a lock.
 */
export function signInStateOf(user: { lockedUntil: Date | null; failedSignIns: number }, now: Date): SignInState {
  const locked = user.lockedUntil !== null && user.lockedUntil.getTime() > now.getTime();
  return {
    locked,
    lockedUntil: locked ? user.lockedUntil!.toISOString() : null,
    failedSignIns: user.failedSignIns,
    canUnlock: locked || user.failedSignIns > 0,
  };
}

/** "1–25 of 73" for a page of a list. */
export function pageRange(page: number, pageSize: number, total: number): string {
  if (total === 0) return "0 of 0";
  const first = (page - 1) * pageSize + 1;
  return `${Math.min(first, total)}–${Math.min(page * pageSize, total)} of ${total}`;
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * The customer page's actions (docs/rules.md "Back office: one form contract"): Unlock clears
 * the lock and the failure count, so it asks first; the reset email only adds a new link
 * (earlier links and the password stay valid), so it does not.
 */
export const CUSTOMER_INTENTS = defineIntents({
  unlock: {
    schema: z.object({ intent: z.literal("unlock") }),
    permission: "customers.unlock",
    confirm: { label: "Unlock the sign-in" },
  },
  reset: { schema: z.object({ intent: z.literal("reset") }), permission: "customers.reset" },
});

/** What Unlock does, asked before it is done. */
export function unlockQuestion(email: string, signIn: Pick<SignInState, "locked" | "failedSignIns">): string {
  const state = signIn.locked
    ? `It ends the lock and clears ${signIn.failedSignIns} failed sign-ins`
    : `It clears ${signIn.failedSignIns} failed sign-ins`;
  return `Unlock the sign-in of ${email}? ${state}, so anyone with the password can sign in again now.`;
}
