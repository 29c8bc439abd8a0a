// React 18's NUL bytes at the end of a streamed chunk (docs/rules.md "Valid HTML and no sideways scroll").
import { describe, expect, it } from "vitest";
import { withoutTrailingNuls } from "./stream-chunks";

const bytes = (...values: number[]) => Uint8Array.from(values);

describe("withoutTrailingNuls", () => {
  it("drops the 1 to 3 NUL bytes a chunk ends with", () => {
    const star = [0xe2, 0x98, 0x85];
    expect(withoutTrailingNuls(bytes(...star, 0))).toEqual(bytes(...star));
    expect(withoutTrailingNuls(bytes(...star, 0, 0))).toEqual(bytes(...star));
    expect(withoutTrailingNuls(bytes(...star, 0, 0, 0))).toEqual(bytes(...star));
  });

  it("drops no more than 3 (a UTF-8 character is at most 4 bytes)", () => {
    expect(withoutTrailingNuls(bytes(0x41, 0, 0, 0, 0))).toEqual(bytes(0x41, 0));
  });

  it("leaves a chunk without a trailing NUL as it is, the same object", () => {
    const chunk = bytes(0x3c, 0x70, 0x3e);
    expect(withoutTrailingNuls(chunk)).toBe(chunk);
    expect(withoutTrailingNuls(bytes())).toEqual(bytes());
    expect(withoutTrailingNuls(bytes(0, 0x41))).toEqual(bytes(0, 0x41));
  });
});
