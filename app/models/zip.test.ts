import { describe, expect, it } from "vitest";
import { DEFAULT_GUEST_ZIP, isHomeDeliveryZip, isZipCovered, locationValue, locationZip, parseZipRanges } from "./zip";

describe("guest zip (shop-core spec sections 1 and 9)", () => {
  it("defaults a guest to 80011 (shop-core spec sections 1 and 9)", () => {
    expect(DEFAULT_GUEST_ZIP).toBe("80011");
  });
});

describe("home-delivery zip coverage (shop-core spec section 3)", () => {
  it("reads 'start-end' ranges (shop-core spec section 3)", () => {
    expect(parseZipRanges(["80010-80020"])).toEqual([{ start: "80010", end: "80020" }]);
  });

  it("zero-pads both ends to 5 digits (shop-core spec sections 3 and 5)", () => {
    expect(parseZipRanges(["501-544"])).toEqual([{ start: "00501", end: "00544" }]);
  });

  it("tolerates whitespace and reads single zips as one-zip ranges (shop-core spec section 3)", () => {
    expect(parseZipRanges([" 80010 - 80020 ", "\t90210\n"])).toEqual([
      { start: "80010", end: "80020" },
      { start: "90210", end: "90210" },
    ]);
  });

  it("reads one comma, semicolon or newline separated string (shop-core spec section 3)", () => {
    expect(parseZipRanges("80010-80020, 00501-00544;\n90210")).toEqual([
      { start: "80010", end: "80020" },
      { start: "00501", end: "00544" },
      { start: "90210", end: "90210" },
    ]);
  });

  it("ignores invalid entries (shop-core spec section 3)", () => {
    expect(parseZipRanges(["", "abc", "8001a-80020", "123456-123457", "80010-80020-80030", "80020-80010"])).toEqual([]);
  });

  it("does not read a ZIP+4 as a range (shop-core spec section 3)", () => {
    expect(parseZipRanges("80011-1234")).toEqual([]);
  });
});

describe("home zip validation (shop-core spec section 5)", () => {
  const ranges = parseZipRanges(["80010-80020", "00501-00544"]);

  it("accepts a zip inside a range, ends included (shop-core spec section 5)", () => {
    expect(isHomeDeliveryZip("80011", ranges)).toBe(true);
    expect(isHomeDeliveryZip("80010", ranges)).toBe(true);
    expect(isHomeDeliveryZip("80020", ranges)).toBe(true);
    expect(isHomeDeliveryZip(DEFAULT_GUEST_ZIP, ranges)).toBe(true);
  });

  it("rejects a zip outside every range (shop-core spec section 5)", () => {
    expect(isHomeDeliveryZip("80009", ranges)).toBe(false);
    expect(isHomeDeliveryZip("80021", ranges)).toBe(false);
    expect(isHomeDeliveryZip("80011", [])).toBe(false);
  });

  it("compares zero-padded: 00501 is inside 00501-00544 (shop-core spec section 5)", () => {
    expect(isHomeDeliveryZip("00501", ranges)).toBe(true);
    expect(isHomeDeliveryZip("00544", ranges)).toBe(true);
    expect(isHomeDeliveryZip("00545", ranges)).toBe(false);
    // Ranges built without padding (e.g. straight from a numeric column) still compare padded.
    expect(isHomeDeliveryZip("00501", [{ start: "501", end: "544" }])).toBe(true);
  });

  it("needs exactly 5 characters (shop-core spec section 5)", () => {
    expect(isHomeDeliveryZip("501", ranges)).toBe(false);
    expect(isHomeDeliveryZip("8001", ranges)).toBe(false);
    expect(isHomeDeliveryZip("800111", ranges)).toBe(false);
    expect(isHomeDeliveryZip(" 80011", ranges)).toBe(false);
    expect(isHomeDeliveryZip("", ranges)).toBe(false);
  });

  it("needs digits only (shop-core spec section 5)", () => {
    expect(isHomeDeliveryZip("8001a", ranges)).toBe(false);
    expect(isHomeDeliveryZip("80-11", ranges)).toBe(false);
    expect(isHomeDeliveryZip("８００１１", ranges)).toBe(false);
    expect(isHomeDeliveryZip(null, ranges)).toBe(false);
    expect(isHomeDeliveryZip(undefined, ranges)).toBe(false);
  });

  it("skips the check with the override flag (shop-core spec section 5)", () => {
    expect(isHomeDeliveryZip("99999", ranges, { override: true })).toBe(true);
    expect(isHomeDeliveryZip("abc", [], { override: true })).toBe(true);
    expect(isHomeDeliveryZip("99999", ranges, { override: false })).toBe(false);
  });
});

describe("zip coverage over the stock records (shop-core spec sections 3 and 5)", () => {
  const coverage = [{ all_zips: ["80001-81658", "00501-00544"] }, { all_zips: ["96701-96898"] }];

  it("covers a zip inside any record's ranges, both ends included", () => {
    expect(isZipCovered("80001", coverage)).toBe(true);
    expect(isZipCovered("81658", coverage)).toBe(true);
    expect(isZipCovered("00501", coverage)).toBe(true);
    expect(isZipCovered("96701", coverage)).toBe(true);
    expect(isZipCovered("96898", coverage)).toBe(true);
  });

  it("does not cover the zips just outside a range", () => {
    expect(isZipCovered("80000", coverage)).toBe(false);
    expect(isZipCovered("81659", coverage)).toBe(false);
    expect(isZipCovered("00500", coverage)).toBe(false);
    expect(isZipCovered("96899", coverage)).toBe(false);
  });

  it("covers nothing without records, and nothing that is not 5 digits", () => {
    expect(isZipCovered("80011", [])).toBe(false);
    expect(isZipCovered("80011", [{ all_zips: [] }])).toBe(false);
    expect(isZipCovered("8001", coverage)).toBe(false);
    expect(isZipCovered("80011-1234", coverage)).toBe(false);
    expect(isZipCovered(null, coverage)).toBe(false);
  });
});

describe("stored location value (shop-core spec sections 3 and 4, catalogue spec section 7)", () => {
  it("writes a home customer's location as zip::HOME (shop-core spec section 3)", () => {
    expect(locationValue("80011", "HOME")).toBe("80011::HOME");
  });

  it("writes a staff location as {zip}::{home|clinic} (shop-core spec section 4)", () => {
    expect(locationValue("80011", "home")).toBe("80011::home");
    expect(locationValue("00501", "clinic")).toBe("00501::clinic");
  });

  it("reads the zip as the part before '::' (catalogue spec section 7)", () => {
    expect(locationZip("80011::HOME")).toBe("80011");
    expect(locationZip(locationValue("00501", "clinic"))).toBe("00501");
    expect(locationZip("80011")).toBe("80011");
    expect(locationZip("")).toBe("");
    expect(locationZip(null)).toBe("");
  });
});
