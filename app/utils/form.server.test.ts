// Page actions read their form through readFormData: malformed bodies answer 4xx, never 500
// (docs/rules.md "A page action reads its form only through one reader").
import { describe, expect, it } from "vitest";
import { readFormData } from "./form.server";

const URL = "http://localhost:3000/cart";

function post(body: BodyInit | null, contentType?: string): Request {
  return new Request(URL, {
    method: "POST",
    body,
    headers: contentType ? { "Content-Type": contentType } : {},
  });
}

/** The status and message of the answer readFormData throws. */
async function refusal(request: Request): Promise<{ status: number; message: string }> {
  try {
    await readFormData(request);
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    return { status: error.status, message: await error.text() };
  }
  throw new Error("the form was read");
}

const BOUNDARY = "----b";
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

describe("readFormData (a page action's form body)", () => {
  it("reads url-encoded and multipart forms, keeping prototype keys as plain fields", async () => {
    const form = await readFormData(
      post("intent=__proto__&constructor=1&toString=2&hasOwnProperty=3", "application/x-www-form-urlencoded"),
    );
    expect(form.get("intent")).toBe("__proto__");
    expect(form.get("constructor")).toBe("1");
    expect(form.get("hasOwnProperty")).toBe("3");
    const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd\r\n--${BOUNDARY}--\r\n`;
    expect((await readFormData(post(body, MULTIPART))).get("intent")).toBe("add");
  });

  it("reads a lone surrogate's bytes as the replacement character, not an error", async () => {
    const form = await readFormData(post("note=%ED%A0%80&code=%FF", "application/x-www-form-urlencoded"));
    expect(form.get("note")).toMatch(/^\uFFFD+$/);
    expect(form.get("code")).toBe("\uFFFD");
  });

  it("refuses a body that is not a form with 415", async () => {
    expect(await refusal(post('{"intent":"add"}', "application/json"))).toEqual({
      status: 415,
      message: "Send this form as application/x-www-form-urlencoded or multipart/form-data.",
    });
    expect((await refusal(post("intent=add", "text/plain"))).status).toBe(415);
    expect((await refusal(post(null))).status).toBe(415);
  });

  it("refuses broken multipart with 400", async () => {
    const broken = "The form could not be read. Reload the page and try again.";
    expect(await refusal(post("intent=add", "multipart/form-data"))).toEqual({ status: 400, message: broken });
    expect(await refusal(post("garbage", MULTIPART))).toEqual({ status: 400, message: broken });
    const truncated = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd`;
    expect((await refusal(post(truncated, MULTIPART))).status).toBe(400);
  });

  it("refuses a file where the form takes text with 400", async () => {
    const body =
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"; filename="x.txt"\r\n` +
      `Content-Type: text/plain\r\n\r\nadd\r\n--${BOUNDARY}--\r\n`;
    expect(await refusal(post(body, MULTIPART))).toEqual({ status: 400, message: "This form takes no files." });
  });
});
