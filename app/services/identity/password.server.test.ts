import { describe, expect, it } from "vitest";
import { hashPassword, scryptParams, verifyPassword } from "./password.server";

describe("password hashing (docs/decisions.md: scrypt N=2^15, r=8, p=1)", () => {
  it("hashes at N=2^15 everywhere but under vitest", () => {
    for (const nodeEnv of ["production", "development", undefined, "", "Test"]) {
      expect(scryptParams(nodeEnv)).toEqual({ N: 2 ** 15, r: 8, p: 1 });
    }
    expect(scryptParams("test")).toEqual({ N: 2 ** 10, r: 8, p: 1 });
  });

  it("verifies a hash by the cost it carries, whatever the cost of new hashes", async () => {
    const stored = await hashPassword("Kibble-2026");
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword("Kibble-2026", stored)).toBe(true);
    expect(await verifyPassword("Kibble-2027", stored)).toBe(false);
    // A hash made at the production cost (the seed's, and every server's) verifies here too.
    const production =
      "scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$" +
      "CAzCXd9AteY+DJ+0XN0NmtGEQbQJsfqYrDDHziIVVtP7VsD1NdfWAfZqo1Fem2M08+ZIRYt/gsqxpfrm+Mfmdw==";
    expect(await verifyPassword("Kibble-2026", production)).toBe(true);
    expect(await verifyPassword("Kibble-2027", production)).toBe(false);
  });
});
