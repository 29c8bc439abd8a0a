import { describe, expect, it } from "vitest";
import { EmailField, NewPasswordField, PasswordChangeSchema, RegisterSchema } from "./account-forms";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((issue) => issue.message);

describe("new passwords (shop-core spec section 7; docs/rules.md 'Accounts and sessions')", () => {
  it("takes 8 to 128 characters: 7 and 129 are refused", () => {
    expect(NewPasswordField.safeParse("abcdef12").success).toBe(true);
    expect(messages(NewPasswordField.safeParse("abcdef1"))).toEqual(["Use at least 8 characters."]);
    expect(NewPasswordField.safeParse(`a1${"x".repeat(126)}`).success).toBe(true);
    expect(messages(NewPasswordField.safeParse(`a1${"x".repeat(127)}`))).toEqual(["Use at most 128 characters."]);
  });

  it("needs a letter and a digit", () => {
    expect(messages(NewPasswordField.safeParse("abcdefgh"))).toEqual(["Use at least one letter and one digit."]);
    expect(messages(NewPasswordField.safeParse("12345678"))).toEqual(["Use at least one letter and one digit."]);
  });

  it("must be confirmed, and a changed password must differ from the current one", () => {
    const register = {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      password: "kibble123",
      confirmPassword: "kibble124",
    };
    expect(messages(RegisterSchema.safeParse(register))).toEqual(["The passwords do not match."]);
    const same = { currentPassword: "kibble123", newPassword: "kibble123", confirmPassword: "kibble123" };
    expect(messages(PasswordChangeSchema.safeParse(same))).toEqual([
      "Choose a password different from your current one.",
    ]);
  });
});

describe("email addresses (shop-core spec section 7)", () => {
  it("are trimmed, lower-cased and at most 254 characters", () => {
    expect(EmailField.parse("  Ada@Example.COM ")).toBe("ada@example.com");
    const local = "a".repeat(64);
    const at254 = `${local}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.com`;
    expect(at254).toHaveLength(254);
    expect(EmailField.safeParse(at254).success).toBe(true);
    expect(messages(EmailField.safeParse(`${at254.slice(0, -4)}x.com`))).toEqual(["That email address is too long."]);
  });
});
