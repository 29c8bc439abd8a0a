// SHOP_TIME_ZONE (docs/rules.md "Shop time"; docs/operations.md "Settings").
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("SHOP_TIME_ZONE", () => {
  it("is America/New_York unless set, and takes any IANA zone", () => {
    expect(parseEnv({}).SHOP_TIME_ZONE).toBe("America/New_York");
    expect(parseEnv({ SHOP_TIME_ZONE: "" }).SHOP_TIME_ZONE).toBe("America/New_York");
    expect(parseEnv({ SHOP_TIME_ZONE: "America/Chicago" }).SHOP_TIME_ZONE).toBe("America/Chicago");
    expect(parseEnv({ SHOP_TIME_ZONE: "UTC" }).SHOP_TIME_ZONE).toBe("UTC");
  });

  it("refuses a zone that does not exist, naming the setting, the problem and the value", () => {
    let error: unknown;
    try {
      parseEnv({ SHOP_TIME_ZONE: "America/Gotham" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).issues).toEqual([
      'SHOP_TIME_ZONE must be an IANA time zone such as "America/New_York" or "America/Chicago" (got "America/Gotham")',
    ]);
    expect(() => parseEnv({ SHOP_TIME_ZONE: "EST, EDT" })).toThrow(/SHOP_TIME_ZONE must be an IANA time zone/);
  });
});
