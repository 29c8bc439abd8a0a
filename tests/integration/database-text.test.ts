// Text the database cannot take (docs/rules.md "No 5xx on any input"): a NUL character reaching
// PostgreSQL, to compare or to store, is answered 400 with the API's error shape, never 500;
// SQLite takes it like any other character. Runs on both databases.
import { beforeAll, describe, expect, it } from "vitest";
import { databaseProvider, prisma } from "~/db.server";
import { TEXT_NOT_STORABLE_CODE } from "~/models/database-text";
import { loader as redirectsLoader } from "~/routes/admin.redirects";
import { newAdmin, type TestAdmin } from "../helpers/admin";
import { callRoute, getRequest } from "../helpers/routes";

let owner: TestAdmin;

beforeAll(async () => {
  owner = await newAdmin("owner", "nul");
});

/** What a database call ends in: its result, or the answer it threw. */
async function outcome(run: () => Promise<unknown>): Promise<{ result: unknown } | { status: number; code: unknown }> {
  try {
    return { result: await run() };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, code: ((await thrown.json()) as { error: { code: unknown } }).error.code };
  }
}

describe("a NUL character in text", () => {
  const refused = { status: 400, code: TEXT_NOT_STORABLE_CODE };

  it("in a lookup, a write and a transaction: PostgreSQL's refusal is the 400 answer; SQLite takes it", async () => {
    const path = `/nul-${crypto.randomUUID().slice(0, 8)}\u0000x`;
    const lookup = await outcome(() => prisma.redirect.findFirst({ where: { fromPath: path } }));
    const write = await outcome(() =>
      prisma.redirect.create({ data: { site: "ALL", fromPath: path, toUrl: "/x", status: 301 } }),
    );
    const inTransaction = await outcome(() =>
      prisma.$transaction(async (tx) => tx.redirect.count({ where: { toUrl: { contains: "\u0000" } } })),
    );
    if (databaseProvider === "postgresql") {
      expect([lookup, write, inTransaction]).toEqual([refused, refused, refused]);
    } else {
      expect(lookup).toEqual({ result: null });
      expect(write).toMatchObject({ result: { fromPath: path } });
      expect(inTransaction).toEqual({ result: expect.any(Number) });
      await prisma.redirect.deleteMany({ where: { fromPath: path } });
    }
  });

  it("in a page's query string: 400 on PostgreSQL, the page on SQLite, never 500", async () => {
    const response = await callRoute(redirectsLoader, getRequest("/admin/redirects?q=a%00b", owner.jar), owner.jar);
    expect(response.status).toBe(databaseProvider === "postgresql" ? 400 : 200);
  });
});
