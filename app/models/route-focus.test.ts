import { describe, expect, it } from "vitest";
import { afterNavigation, type FinishedNavigation } from "./route-focus";

const at = (url: string) => {
  const { pathname, search, hash } = new URL(url, "http://shop.test");
  return { pathname, search, hash };
};
const nav = (from: string, to: string, rest: Partial<FinishedNavigation> = {}): FinishedNavigation => ({
  from: at(from),
  to: at(to),
  submission: false,
  focus: "none",
  ...rest,
});

describe("afterNavigation", () => {
  it("moves focus to the new page after a link to another page, wherever focus was", () => {
    expect(afterNavigation(nav("/", "/dog-food"))).toBe("move");
    expect(afterNavigation(nav("/dog-food", "/products/a", { focus: "other" }))).toBe("move");
    // A form field on the last page (the header search is outside <main> and counts as none).
    expect(afterNavigation(nav("/search?search=a", "/products/a", { focus: "field" }))).toBe("move");
  });

  it("moves focus after a pagination link, though the link is still on the page", () => {
    expect(afterNavigation(nav("/dog-food", "/dog-food?page=2", { focus: "other" }))).toBe("move");
  });

  it("focuses the anchor a new place names, on this page or another; leaving a hash keeps focus", () => {
    expect(afterNavigation(nav("/faq", "/faq#returns"))).toBe("anchor");
    expect(afterNavigation(nav("/dog-food", "/products/a#reviews", { focus: "other" }))).toBe("anchor");
    expect(afterNavigation(nav("/products/a", "/products/a?reviews_rating=5#reviews", { focus: "other" }))).toBe(
      "anchor",
    );
    expect(afterNavigation(nav("/faq#returns", "/faq"))).toBe("keep");
    // A submission's redirect to an anchor too (a sent review lands on the product's reviews).
    expect(afterNavigation(nav("/review/a", "/products/a#reviews", { submission: true }))).toBe("anchor");
  });

  it("keeps focus on a form field in the page that stays (a filter or sort that submits itself)", () => {
    expect(afterNavigation(nav("/dog-food", "/dog-food?brand=a", { focus: "field" }))).toBe("keep");
    // The boundary: the field's page was left.
    expect(afterNavigation(nav("/dog-food", "/cat-food", { focus: "field" }))).toBe("move");
  });

  it("keeps focus after a submission answered on the same page while something in it holds focus", () => {
    expect(afterNavigation(nav("/cart", "/cart", { submission: true, focus: "other" }))).toBe("keep");
    expect(
      afterNavigation(nav("/checkout?step=shipping", "/checkout?step=shipping", { submission: true, focus: "field" })),
    ).toBe("keep");
    // The next checkout step: the form that was sent is gone, focus fell to the body.
    expect(afterNavigation(nav("/checkout?step=shipping", "/checkout?step=delivery", { submission: true }))).toBe(
      "move",
    );
    // The same button outside a submission (a link to the page it is on) moves.
    expect(afterNavigation(nav("/cart", "/cart", { focus: "other" }))).toBe("move");
    // A submission that leads to another page moves.
    expect(afterNavigation(nav("/account/login", "/account", { submission: true, focus: "other" }))).toBe("move");
  });
});
