import { expect, test, type Page } from "@playwright/test";
import { openState, PAGE_STATES } from "./page-states";

// No sideways scroll on a phone (docs/rules.md "Valid HTML and no sideways scroll"): on
// every main page state, at 320 and 390 px, with and without JavaScript, the document is
// no wider than the screen and no element sticks out past its right edge (an element in a
// box that clips or scrolls sideways, a carousel's track, counts only as far as it shows).

const WIDTHS = [320, 390] as const;

/** What overflows at the page's current width ("" when nothing does). */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const width = root.clientWidth;
    const name = (el: Element) =>
      el.tagName.toLowerCase() + (el.id ? `#${el.id}` : "") + [...el.classList].map((c) => `.${c}`).join("");
    const selector = (el: Element) => {
      const parts: string[] = [];
      for (let at: Element | null = el; at && at !== document.body && parts.length < 4; at = at.parentElement) {
        parts.unshift(name(at));
      }
      return parts.join(" > ");
    };
    /** How far right the element shows: its box, cut by every ancestor that clips or scrolls sideways. */
    const visibleRight = (el: Element, right: number) => {
      if (getComputedStyle(el).position === "fixed") return right;
      for (let at = el.parentElement; at && at !== document.body; at = at.parentElement) {
        if (getComputedStyle(at).overflowX !== "visible") right = Math.min(right, at.getBoundingClientRect().right);
      }
      return right;
    };
    let worst: { el: Element; right: number; wide: number } | null = null;
    for (const el of document.body.querySelectorAll("*")) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 1) continue;
      const right = visibleRight(el, box.right);
      if (right > width + 1 && (!worst || right > worst.right)) worst = { el, right, wide: box.width };
    }
    const scrolls = root.scrollWidth > width;
    if (!scrolls && !worst) return "";
    const page = scrolls ? `the document scrolls sideways (${root.scrollWidth} px of content)` : "no sideways scroll";
    const offender = worst
      ? `; worst: ${selector(worst.el)}, ${Math.round(worst.wide)} px wide, right edge at ${Math.round(worst.right)} px`
      : "";
    return `${width} px: ${page}${offender}`;
  });
}

test.describe("no sideways scroll on a phone", () => {
  test.use({ viewport: { width: WIDTHS[0], height: 800 } });
  test.describe.configure({ timeout: 60_000 });

  for (const state of PAGE_STATES) {
    test(`${state.name}: ${state.path}`, async ({ page }, testInfo) => {
      await openState(page, testInfo, state);
      const problems: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        const problem = await sidewaysOverflow(page);
        if (problem) problems.push(problem);
      }
      expect(problems, `${state.name} (${state.path}) overflows:\n${problems.join("\n")}`).toEqual([]);
    });
  }
});
