// The back office's sign-in form (docs/rules.md "Back office"), shared by its action and conform
// in the browser. Any email and password of the right size is checked; what is refused and how
// is the admin users service's (`signIn`), with one answer for every refusal.
import { z } from "zod";

export const AdminSignInSchema = z.object({
  email: z.string({ required_error: "Enter your email." }).trim().min(1, "Enter your email.").max(254),
  password: z.string({ required_error: "Enter your password." }).min(1, "Enter your password.").max(200),
});
