// The JSON API's body reader (docs/rules.md "JSON bodies"): a malformed body is a 400, never a 500.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { hasLoneSurrogate, parseJsonBody } from "./api.server";

const schema = z.object({ id: z.string().max(100) });

const post = (body: string) =>
  new Request("http://localhost:3000/api/x", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json" },
  });

/** The status and error of the answer parseJsonBody throws. */
async function refusal(body: string) {
  try {
    await parseJsonBody(post(body), schema);
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    return { status: error.status, ...((await error.json()) as { error: { code: string; message: string } }) };
  }
  throw new Error("the body was accepted");
}

describe("parseJsonBody", () => {
  it("refuses lone UTF-16 surrogates in values and keys with 400 (the database cannot store them)", async () => {
    for (const body of ['{"id":"\\ud800"}', '{"id":"x\\udc00"}', '{"id":"a","\\ud800":1}', '{"id":["\\udbff"]}']) {
      expect(await refusal(body)).toEqual({
        status: 400,
        error: { code: "MALFORMED_JSON", message: "The request body contains text that is not valid Unicode." },
      });
    }
    // A whole pair is text like any other.
    expect(await parseJsonBody(post('{"id":"\\ud83d\\udc36"}'), schema)).toEqual({ id: "🐶" });
  });

  it("answers prototype keys, huge numbers and deep nesting with a 400, not a 500", async () => {
    expect((await refusal('{"__proto__":{"id":"x"}}')).status).toBe(400);
    expect((await refusal('{"constructor":{"prototype":{}}}')).status).toBe(400);
    expect((await refusal('{"id":1e309}')).status).toBe(400);
    expect((await refusal(`{"id":${"[".repeat(30_000)}${"]".repeat(30_000)}}`)).status).toBe(400);
    expect((await refusal("{")).error.code).toBe("MALFORMED_JSON");
  });

  it("walks values without recursion", () => {
    let deep: unknown = "\ud800";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(hasLoneSurrogate(deep)).toBe(true);
    expect(hasLoneSurrogate({ a: ["ok", { b: "🐶" }] })).toBe(false);
  });
});
