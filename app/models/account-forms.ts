// Account form schemas (issue 6), shared by the server and conform in the browser.
import { z } from "zod";

export const EmailField = z
  .string({ required_error: "Enter your email address." })
  .trim()
  .toLowerCase()
  .max(254, "That email address is too long.")
  .email("Enter an email address like name@example.com.");

/** At least 8 characters with a letter and a digit; at most 128. */
export const NewPasswordField = z
  .string({ required_error: "Choose a password." })
  .min(8, "Use at least 8 characters.")
  .max(128, "Use at most 128 characters.")
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), "Use at least one letter and one digit.");

const name = (label: string) =>
  z
    .string({ required_error: `Enter your ${label}.` })
    .trim()
    .min(1, `Enter your ${label}.`)
    .max(60, `Keep your ${label} under 60 characters.`);

export const RegisterSchema = z
  .object({
    firstName: name("first name"),
    lastName: name("last name"),
    email: EmailField,
    password: NewPasswordField,
    confirmPassword: z.string({ required_error: "Enter the password again." }),
    acceptsMarketing: z
      .enum(["on"])
      .optional()
      .transform((v) => v === "on"),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match.",
  });

export const ForgotPasswordSchema = z.object({ email: EmailField });

export const ResetPasswordSchema = z
  .object({
    token: z.string().min(10, "This reset link is not valid."),
    password: NewPasswordField,
    confirmPassword: z.string({ required_error: "Enter the password again." }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match.",
  });
