// The back office's users page, the pure parts (docs/rules.md "Back office"): its actions
// (`USER_INTENTS`, one table with their schemas and permissions) and the questions of the ones
// that ask for confirmation. The admin service checks each change again and audits it.
import { z } from "zod";
import { defineIntents } from "./admin-intents";
import { ADMIN_ROLES } from "./admin-roles";

export const MIN_ADMIN_PASSWORD_LENGTH = 12;

const userId = z.string({ required_error: "Choose a user." }).trim().min(1).max(100);
const role = z.enum(ADMIN_ROLES, { errorMap: () => ({ message: "Choose a role." }) });

export const USER_INTENTS = defineIntents({
  create: {
    schema: z.object({
      intent: z.literal("create"),
      email: z
        .string({ required_error: "Enter the person's email." })
        .trim()
        .max(200)
        .email("Enter a valid email address."),
      name: z.string({ required_error: "Enter the person's name." }).trim().min(1).max(200),
      role,
      password: z
        .string({ required_error: "Enter a password." })
        .min(MIN_ADMIN_PASSWORD_LENGTH, `Use at least ${MIN_ADMIN_PASSWORD_LENGTH} characters for the password.`)
        .max(200),
    }),
    permission: "users.manage",
  },
  role: { schema: z.object({ intent: z.literal("role"), userId, role }), permission: "users.manage" },
  disable: {
    schema: z.object({ intent: z.literal("disable"), userId }),
    permission: "users.manage",
    confirm: { label: "Disable this user" },
  },
  enable: { schema: z.object({ intent: z.literal("enable"), userId }), permission: "users.manage" },
});

/** What disabling a user does, asked before it is done. */
export function disableUserQuestion(email: string): string {
  return `Disable ${email}? Their sessions end now and they cannot sign in until an owner enables them.`;
}
