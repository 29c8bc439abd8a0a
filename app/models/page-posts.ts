// The posts of buttons that carry no field a shopper types (docs/rules.md "Forms and inputs"):
// sign-out's reason and the FTC acknowledgement's way back. Each still parses with its schema,
// but nothing in them can be wrong (junk falls back to the default), so their actions answer no
// errors and are on the form contract's allow-list (tests/unit/form-contract.test.ts).
import { z } from "zod";

/** /logout: "inactivity" when the idle timer signs out (the sign-in page then says why). */
export const SignOutSchema = z.object({
  reason: z.enum(["logout", "inactivity"]).catch("logout").default("logout"),
});

/** /account/ftc-acknowledgement: the page to go back to (checked as a local path by the route). */
export const FtcAcknowledgementSchema = z.object({
  redirectTo: z.string().max(2048).optional().catch(undefined),
});
