import { describe, expect, it } from "vitest";
import { csvResponse, csvText } from "./csv.server";

describe("csvText (docs/rules.md 'Back office: orders', CSV)", () => {
  it("quotes a cell with a comma, a quote or a line break, and neutralises formulas in every cell", () => {
    expect(
      csvText(
        ["Name", "Total"],
        [
          ['Smith, "Jo"\nJr', "57.36"],
          ["=cmd()", null],
        ],
      ),
    ).toBe('Name,Total\r\n"Smith, ""Jo""\nJr",57.36\r\n\'=cmd(),\r\n');
  });

  it("answers a private download named by what it holds and the day", async () => {
    const response = csvResponse("orders", ["A"], [["1"]], new Date("2031-03-04T12:00:00Z"));
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe("attachment; filename=orders-2031-03-04.csv");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.text()).toBe("A\r\n1\r\n");
  });
});
