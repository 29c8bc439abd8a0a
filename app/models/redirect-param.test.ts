import { afterEach, describe, expect, it } from "vitest";
import { decodeRedirect, encodeRedirect } from "./redirect-param";

const paths = ["/cart", "/checkout?step=review&x=1", "/products/adult-chicken?variant=2", "/a~b_c-d.e"];
const nodeBuffer = globalThis.Buffer;

describe("?redirect= values (shop-core spec section 2)", () => {
  afterEach(() => {
    globalThis.Buffer = nodeBuffer;
  });

  it("encodes as base64url without padding, as Node's Buffer does", () => {
    for (const path of paths) expect(encodeRedirect(path)).toBe(nodeBuffer.from(path, "utf8").toString("base64url"));
  });

  it("encodes and decodes in a browser, where there is no Buffer", () => {
    // @ts-expect-error -- the browser has no Buffer
    delete globalThis.Buffer;
    for (const path of paths) expect(decodeRedirect(encodeRedirect(path))).toBe(path);
  });

  it("refuses malformed values and paths that are not local", () => {
    expect(decodeRedirect("%%%")).toBeNull();
    expect(decodeRedirect(encodeRedirect("//evil.example"))).toBeNull();
    expect(decodeRedirect(encodeRedirect("https://evil.example/"))).toBeNull();
    expect(decodeRedirect(nodeBuffer.from([0xff, 0xfe]).toString("base64url"))).toBeNull();
    expect(decodeRedirect("")).toBeNull();
  });
});
