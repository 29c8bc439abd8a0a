// Account form schemas (shop-core spec section 7), shared by the server and conform in the browser.
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

/** A checkbox posted as "on" when ticked. */
export const CheckedBox = z
  .enum(["on"])
  .optional()
  .transform((v) => v === "on");

/** A US phone number as people type it. */
export const PhoneField = z
  .string()
  .trim()
  .regex(/^[\d\s()+.-]{7,20}$/, "Enter a phone number of digits, like 303-555-0100.");

/** The hint shown under every new-password field (NewPasswordField's rule). */
export const NEW_PASSWORD_HINT = "At least 8 characters, with a letter and a digit.";

/** The confirmation must repeat the new password. */
const confirmed =
  <K extends string>(passwordKey: K, message = "The passwords do not match.") =>
  (value: Record<K | "confirmPassword", unknown>, ctx: z.RefinementCtx) => {
    if (value[passwordKey] !== value.confirmPassword) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmPassword"], message });
    }
  };

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
    acceptsMarketing: CheckedBox,
  })
  .superRefine(confirmed("password"));

/**
 * An account for a guest's order, from its confirmation (docs/rules.md "Cart on a phone"):
 * no email field, the server takes the order's.
 */
export const OrderAccountSchema = z
  .object({
    firstName: name("first name"),
    lastName: name("last name"),
    password: NewPasswordField,
    confirmPassword: z.string({ required_error: "Enter the password again." }),
    acceptsMarketing: CheckedBox,
  })
  .superRefine(confirmed("password"));

export const ForgotPasswordSchema = z.object({ email: EmailField });

export const ResetPasswordSchema = z
  .object({
    token: z.string().min(10, "This reset link is not valid."),
    password: NewPasswordField,
    confirmPassword: z.string({ required_error: "Enter the password again." }),
  })
  .superRefine(confirmed("password"));

const currentPassword = z
  .string({ required_error: "Enter your current password." })
  .max(128, "That password is too long.");

/** My Profile: names, phone, marketing opt-in. */
export const ProfileSchema = z.object({
  firstName: name("first name"),
  lastName: name("last name"),
  phone: PhoneField.optional(),
  acceptsMarketing: CheckedBox,
});

/** My Profile: a new email, confirmed with the password. */
export const EmailChangeSchema = z.object({ email: EmailField, currentPassword });

/** My Profile: the fields of a password change (checked together by `checkPasswordChange`). */
export const PasswordChangeFields = z.object({
  currentPassword,
  newPassword: NewPasswordField,
  confirmPassword: z.string({ required_error: "Enter the new password again." }),
});

/** A password change is confirmed and differs from the current password. */
export function checkPasswordChange(value: z.output<typeof PasswordChangeFields>, ctx: z.RefinementCtx): void {
  confirmed("newPassword", "The new passwords do not match.")(value, ctx);
  if (value.newPassword === value.currentPassword) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["newPassword"],
      message: "Choose a password different from your current one.",
    });
  }
}

/** My Profile: a new password, confirmed, different from the current one. */
export const PasswordChangeSchema = PasswordChangeFields.superRefine(checkPasswordChange);
