// The donation SDK environments (catalogue spec section 3) and the API each one calls
// (docs/rules.md "Donations"; docs/decisions.md "Donations (remote adapter)").
import { describe, expect, it } from "vitest";
import { DONATION_SDK_ENVIRONMENTS, donationApiBaseUrl } from "./donations";

describe("donationApiBaseUrl", () => {
  it("maps each SDK environment to its own API", () => {
    expect(Object.fromEntries(DONATION_SDK_ENVIRONMENTS.map((env) => [env, donationApiBaseUrl(env)]))).toEqual({
      dev: "https://dev-api.shoppinggives.com/",
      qa: "https://qa-api.shoppinggives.com/",
      staging1: "https://staging1-api.shoppinggives.com/",
      prod: "https://api.shoppinggives.com/",
    });
  });

  it("lets DONATIONS_API_URL override the environment, keeping its path prefix with one trailing slash", () => {
    expect(donationApiBaseUrl("prod", "http://127.0.0.1:3321/sg/v1")).toBe("http://127.0.0.1:3321/sg/v1/");
    expect(donationApiBaseUrl("dev", "http://127.0.0.1:3321/sg/v1/")).toBe("http://127.0.0.1:3321/sg/v1/");
    expect(donationApiBaseUrl("qa", "https://gateway.example.com")).toBe("https://gateway.example.com/");
  });

  it("drops an override's query and fragment, which the calls' own would otherwise fight", () => {
    expect(donationApiBaseUrl("prod", "https://gateway.example.com/sg?x=1#top")).toBe(
      "https://gateway.example.com/sg/",
    );
  });

  it("ignores an empty or blank override", () => {
    expect(donationApiBaseUrl("staging1", "")).toBe("https://staging1-api.shoppinggives.com/");
    expect(donationApiBaseUrl("staging1", "  ")).toBe("https://staging1-api.shoppinggives.com/");
    expect(donationApiBaseUrl("qa", null)).toBe("https://qa-api.shoppinggives.com/");
  });
});
