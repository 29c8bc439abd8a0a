import { describe, expect, it } from "vitest";
import { US_STATES } from "./checkout";
import { stateOfZip } from "./zip-state";

describe("state by zip (shop-core spec section 7, get-state-by-zipcode)", () => {
  it("answers the state of a zip by its three-digit prefix", () => {
    expect(stateOfZip("80011")).toEqual({ code: "CO", name: "Colorado" });
    expect(stateOfZip("10001")).toEqual({ code: "NY", name: "New York" });
    expect(stateOfZip("96701")?.code).toBe("HI");
    expect(stateOfZip("99501")?.code).toBe("AK");
    expect(stateOfZip("20001")?.code).toBe("DC");
  });

  it("reads the ends of a prefix range and the prefixes beside them", () => {
    expect(stateOfZip("01000")?.code).toBe("MA"); // 010, first of MA
    expect(stateOfZip("02799")?.code).toBe("MA"); // 027, last of MA
    expect(stateOfZip("02800")?.code).toBe("RI"); // 028
    expect(stateOfZip("00999")).toBeNull(); // 009, Puerto Rico
    expect(stateOfZip("00501")?.code).toBe("NY"); // 005, Holtsville
    expect(stateOfZip("73301")?.code).toBe("TX"); // 733 inside Oklahoma's prefixes
    expect(stateOfZip("73200")?.code).toBe("OK");
    expect(stateOfZip("73400")?.code).toBe("OK");
    expect(stateOfZip("99999")?.code).toBe("AK");
  });

  it("answers null for prefixes of no state: territories, military post offices, unassigned", () => {
    for (const zip of ["00601", "00801", "09001", "34001", "96201", "96910", "00000", "71500", "88600"]) {
      expect(stateOfZip(zip), zip).toBeNull();
    }
  });

  it("answers null for anything that is not exactly 5 digits", () => {
    for (const zip of ["8001", "800111", "8001a", "80011-1234", " 80011", ""]) {
      expect(stateOfZip(zip), zip).toBeNull();
    }
  });

  it("names every one of the 50 states and DC for some zip", () => {
    const found = new Set<string>();
    for (let prefix = 0; prefix < 1000; prefix++) {
      const state = stateOfZip(`${String(prefix).padStart(3, "0")}01`);
      if (state) found.add(state.code);
    }
    expect([...found].sort()).toEqual(US_STATES.map((s) => s.code).sort());
  });
});
