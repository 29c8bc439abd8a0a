// Constraint attributes HTML allows per control (docs/rules.md "Valid HTML and no sideways scroll").
import { describe, expect, it } from "vitest";
import { inputConstraints, selectRequired } from "./html-constraints";

const all = { name: "f", required: true, pattern: "on", minLength: 1, maxLength: 100, min: "0", max: "9", step: 1 };

describe("inputConstraints", () => {
  it("keeps on a text input what text allows, and drops the range attributes", () => {
    expect(inputConstraints("text", all)).toEqual({
      name: "f",
      required: true,
      pattern: "on",
      minLength: 1,
      maxLength: 100,
    });
    expect(inputConstraints("email", all)).toEqual(inputConstraints("password", all));
  });

  it("drops every constraint from a hidden input (its value is the page's, not the shopper's)", () => {
    expect(inputConstraints("hidden", all)).toEqual({ name: "f" });
  });

  it('keeps only required on a checkbox and a radio (conform\'s pattern="on" goes)', () => {
    expect(inputConstraints("checkbox", all)).toEqual({ name: "f", required: true });
    expect(inputConstraints("radio", all)).toEqual({ name: "f", required: true });
  });

  it("keeps required and the range on a date or a number, without pattern or lengths", () => {
    const ranged = { name: "f", required: true, min: "0", max: "9", step: 1 };
    expect(inputConstraints("date", all)).toEqual(ranged);
    expect(inputConstraints("number", all)).toEqual(ranged);
  });

  it("leaves every other attribute alone", () => {
    const props = { id: "x", "aria-invalid": true, defaultValue: "a", key: "k" };
    expect(inputConstraints("hidden", props)).toEqual(props);
  });
});

describe("selectRequired", () => {
  it("keeps required only on a select whose first option is the empty placeholder", () => {
    expect(selectRequired(true, true)).toBe(true);
    expect(selectRequired(true, false)).toBeUndefined();
    expect(selectRequired(undefined, true)).toBeUndefined();
  });
});
