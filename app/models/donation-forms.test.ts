// The donation choice's inputs and notices at their limits (docs/rules.md "Donation choice").
import { describe, expect, it } from "vitest";
import {
  CharitySearchSchema,
  charitiesFoundMessage,
  causeChosenNotice,
  DONATION_INPUT_MESSAGES as M,
  extraChoiceLabel,
  extraChosenNotice,
  pageCharitySearch,
} from "./donation-forms";
import { charitySearchQuery } from "./donations";

function verdict(value: unknown): string {
  const result = CharitySearchSchema.safeParse(value);
  return result.success ? "ok" : result.error.issues[0].message;
}

describe("the charity search's input", () => {
  it("takes a term of 2 to 100 characters, a zip or city up to 60, and a state of the list or none", () => {
    expect(verdict({ term: "pa" })).toBe("ok");
    expect(verdict({ term: "p" })).toBe(M.termTooShort);
    expect(verdict({ term: "  p  " })).toBe(M.termTooShort);
    expect(verdict({})).toBe(M.termTooShort);
    expect(verdict({ term: "p".repeat(100) })).toBe("ok");
    expect(verdict({ term: "p".repeat(101) })).toBe(M.termTooLong);
    expect(verdict({ term: "paws", location: "x".repeat(60) })).toBe("ok");
    expect(verdict({ term: "paws", location: "x".repeat(61) })).toBe(M.locationTooLong);
    expect(verdict({ term: "paws", state: "co" })).toBe("ok");
    expect(verdict({ term: "paws", state: "DC" })).toBe("ok");
    expect(verdict({ term: "paws", state: "PR" })).toBe(M.state);
    expect(verdict({ term: "paws", state: "Colorado" })).toBe(M.state);
    expect(CharitySearchSchema.parse({ term: " paws ", location: " Denver ", state: "co" })).toEqual({
      term: "paws",
      location: "Denver",
      state: "CO",
    });
  });

  it("becomes the service's query: the zip when the location starts with a digit, else the city", () => {
    const input = CharitySearchSchema.parse({ term: "paws", location: "80202", state: "CO" });
    expect(charitySearchQuery(input)).toEqual({
      q: "paws",
      skip: 0,
      take: 25,
      zip: "80202",
      state: "CO",
      categoryId: 3,
    });
    const city = CharitySearchSchema.parse({ term: "paws", location: "Denver" });
    expect(charitySearchQuery(city)).toEqual({ q: "paws", skip: 0, take: 25, city: "Denver", categoryId: 3 });
  });

  it("reads a page's search from its query: none without `charity`, the first problem when invalid", () => {
    expect(pageCharitySearch(new URLSearchParams("step=review"))).toBeNull();
    expect(pageCharitySearch(new URLSearchParams("charity=paws&location=Denver&state=CO"))).toEqual({
      values: { term: "paws", location: "Denver", state: "CO" },
      query: { term: "paws", location: "Denver", state: "CO" },
      error: null,
    });
    expect(pageCharitySearch(new URLSearchParams("charity=p"))).toEqual({
      values: { term: "p", location: "", state: "" },
      query: null,
      error: M.termTooShort,
    });
    expect(pageCharitySearch(new URLSearchParams("charity=paws&state=ZZ"))?.error).toBe(M.state);
  });
});

describe("what the donation choice says", () => {
  it("names the cause, the round-up, the add-on amount or no extra", () => {
    expect(causeChosenNotice("Shelter Pets Fund")).toBe("Your gift now goes to Shelter Pets Fund.");
    expect(extraChosenNotice(null)).toBe("No extra gift.");
    expect(extraChosenNotice({ kind: "round-up" })).toBe(
      "Round-up added: it is worked out on your order total at checkout.",
    );
    expect(extraChosenNotice({ kind: "add-on", cents: 300 })).toBe("Add-on of $3.00 added.");
    expect(
      [null, { kind: "round-up" } as const, { kind: "add-on", cents: 100 } as const].map(extraChoiceLabel),
    ).toEqual(["No thanks", "Round up my order to the next dollar", "Add $1"]);
    expect(charitiesFoundMessage(3)).toBe("3 charities found");
    expect(charitiesFoundMessage(1)).toBe("1 charity found");
    expect(charitiesFoundMessage(0)).toMatch(/^No charities found/);
  });
});
