// The actions of a back-office page, one table per area (docs/rules.md "Back office: one form
// contract"): each intent names its zod schema (an object with `intent: z.literal(name)`), the
// permission it needs (`GRANTS` in app/models/admin-roles.ts) and whether it destroys or moves
// money, so it asks for confirmation first. `adminIntents` (app/utils/admin-action.server.ts)
// runs a page's post through its table; the loader shows only what `allowedIntents` lets the
// viewer do. Pure, so each area's table is tested whole beside its model.
import { type z } from "zod";
import { can, type AdminRole, type Permission } from "./admin-roles";

/** The form field a confirmed post carries (`ConfirmPanel` in app/components/admin/confirm.tsx). */
export const CONFIRMED_FIELD = "confirmed";
export const CONFIRMED_VALUE = "yes";

export interface IntentSpec<Schema extends z.ZodTypeAny = z.ZodTypeAny> {
  /** The post's schema: an object whose `intent` is this intent's literal (refinements allowed). */
  schema: Schema;
  /** What the viewer must hold to post it. */
  permission: Permission;
  /**
   * Destructive or money-moving: the first post answers the question (nothing changes) and only
   * a post carrying `confirmed=yes` acts. `label` is the confirming button's words.
   */
  confirm?: { label: string };
}

export type IntentTable = Readonly<Record<string, IntentSpec>>;

/** An area's table, typed by its intents. */
export function defineIntents<const Table extends IntentTable>(table: Table): Table {
  return table;
}

/** The table's intent of a posted value, or null (an unknown or missing intent). */
export function intentOf<Table extends IntentTable>(table: Table, value: unknown): (keyof Table & string) | null {
  return typeof value === "string" && Object.hasOwn(table, value) ? value : null;
}

/** intent → permission, the whole map a test checks. */
export function intentPermissions(table: IntentTable): Record<string, Permission> {
  return Object.fromEntries(Object.entries(table).map(([intent, spec]) => [intent, spec.permission]));
}

/** The intents that ask for confirmation first. */
export function confirmedIntents(table: IntentTable): string[] {
  return Object.entries(table)
    .filter(([, spec]) => spec.confirm)
    .map(([intent]) => intent);
}

/** Which of the table's intents a role may post, for the loader to show only those. */
export function allowedIntents<Table extends IntentTable>(role: AdminRole, table: Table): Record<keyof Table, boolean> {
  return Object.fromEntries(
    Object.entries(table).map(([intent, spec]) => [intent, can(role, spec.permission)]),
  ) as Record<keyof Table, boolean>;
}

/** Whether a parsed form carries the confirmation. */
export function isConfirmed(form: { get(name: string): unknown }): boolean {
  return form.get(CONFIRMED_FIELD) === CONFIRMED_VALUE;
}
