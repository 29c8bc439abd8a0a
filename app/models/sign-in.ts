// The sign-in form's schema, shared by the server and conform in the browser.
import { z } from "zod";

export const SignInSchema = z.object({
  email: z
    .string({ required_error: "Enter your email address." })
    .trim()
    .toLowerCase()
    .email("Enter an email address like name@example.com."),
  password: z.string({ required_error: "Enter your password." }).min(1, "Enter your password."),
});
