import { describe, expect, it } from "vitest";
import { confirmedIntents, intentPermissions } from "./admin-intents";
import { disableUserQuestion, MIN_ADMIN_PASSWORD_LENGTH, USER_INTENTS } from "./admin-users";

describe("USER_INTENTS", () => {
  it("is the users page's whole intent → permission table, and only disabling asks first", () => {
    expect(intentPermissions(USER_INTENTS)).toEqual({
      create: "users.manage",
      role: "users.manage",
      disable: "users.manage",
      enable: "users.manage",
    });
    expect(confirmedIntents(USER_INTENTS)).toEqual(["disable"]);
    expect(disableUserQuestion("a@shop.example")).toMatch(/^Disable a@shop\.example\? /);
  });

  it("takes a new user's password of exactly the minimum and refuses one shorter, beside its field", () => {
    const create = (password: string) =>
      USER_INTENTS.create.schema.safeParse({
        intent: "create",
        email: "a@shop.example",
        name: "A",
        role: "support",
        password,
      });
    expect(create("x".repeat(MIN_ADMIN_PASSWORD_LENGTH)).success).toBe(true);
    const short = create("x".repeat(MIN_ADMIN_PASSWORD_LENGTH - 1));
    expect(short.success).toBe(false);
    expect(short.error?.flatten().fieldErrors.password).toEqual([
      `Use at least ${MIN_ADMIN_PASSWORD_LENGTH} characters for the password.`,
    ]);
  });

  it("refuses a role that is not one and a missing user", () => {
    expect(USER_INTENTS.role.schema.safeParse({ intent: "role", userId: "u1", role: "god" }).success).toBe(false);
    expect(USER_INTENTS.disable.schema.safeParse({ intent: "disable", userId: " " }).success).toBe(false);
  });
});
