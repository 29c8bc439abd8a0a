// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ProductCarousel } from "./product-carousel";

interface Item {
  sku: string;
  title: string;
}

const ITEMS: Item[] = [
  { sku: "A1", title: "Chicken Kibble" },
  { sku: "B2", title: "Salmon Pâté" },
  { sku: "C3", title: "Lamb Treats" },
];

// jsdom has no layout: give the viewport 1000 px and each slide 400 px plus the 12 px
// gap, so embla finds two pages (slides 1-2, slide 3) as it would in a browser.
const VIEWPORT_PX = 1000;
const SLIDE_PX = 400;
const GAP_PX = 12;
const layoutProps = ["offsetWidth", "offsetHeight", "offsetLeft"] as const;
const originalLayout = layoutProps.map((p) => [p, Object.getOwnPropertyDescriptor(HTMLElement.prototype, p)] as const);

function isSlide(el: HTMLElement) {
  return el.classList.contains("product-carousel__slide");
}

let reducedMotion = false;
// Whether the carousel is within a screen of the viewport (the browser's IntersectionObserver says so).
let nearScreen = true;
const waitingViewports = new Set<() => void>();

beforeAll(() => {
  // Embla reads the last slide's computed margin, which jsdom leaves empty (NaN) unless declared.
  const style = document.createElement("style");
  style.textContent = ".product-carousel__slide { margin: 0; }";
  document.head.append(style);
  Object.defineProperty(HTMLElement.prototype, "offsetWidth", {
    configurable: true,
    get(this: HTMLElement) {
      return isSlide(this) ? SLIDE_PX : VIEWPORT_PX;
    },
  });
  Object.defineProperty(HTMLElement.prototype, "offsetHeight", { configurable: true, get: () => 300 });
  Object.defineProperty(HTMLElement.prototype, "offsetLeft", {
    configurable: true,
    get(this: HTMLElement) {
      if (!isSlide(this) || !this.parentElement) return 0;
      return Array.from(this.parentElement.children).indexOf(this) * (SLIDE_PX + GAP_PX);
    },
  });
});

afterAll(() => {
  for (const [prop, descriptor] of originalLayout) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, prop, descriptor);
  }
});

beforeEach(() => {
  reducedMotion = false;
  class NoopObserver {
    observe(_target?: Element) {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  // The carousel's viewport is reported near the screen when `nearScreen` is (or becomes) true;
  // embla's own observers (its slides) hear nothing, as before.
  class ViewportObserver extends NoopObserver {
    constructor(private readonly callback: (entries: { isIntersecting: boolean; target: Element }[]) => void) {
      super();
    }
    observe(target: Element) {
      if (!target.classList.contains("product-carousel__viewport")) return;
      const report = () => this.callback([{ isIntersecting: true, target }]);
      if (nearScreen) queueMicrotask(report);
      else waitingViewports.add(report);
    }
  }
  nearScreen = true;
  waitingViewports.clear();
  vi.stubGlobal("ResizeObserver", NoopObserver);
  vi.stubGlobal("IntersectionObserver", ViewportObserver);
  vi.stubGlobal("matchMedia", (media: string) => ({
    media,
    // Only the reduced-motion query can match; every min-width query is "narrower".
    matches: media === "(prefers-reduced-motion: reduce)" && reducedMotion,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderCarousel(items: Item[] = ITEMS) {
  return render(
    <ProductCarousel
      id="best-sellers"
      headline="Best sellers"
      paragraph="What other pets love."
      bgColor="light blue"
      items={items}
      getKey={(item) => item.sku}
      renderItem={(item) => (
        <a href={`/products/${item.sku}`} data-testid={item.sku}>
          {item.title}
        </a>
      )}
    />,
  );
}

/**
 * Waits for embla, which the carousel loads once it is near the screen: real ticks for up to
 * 10 s of real time (the timers and Date are fake; a loaded test run may take seconds to
 * import), each in its own act() so React draws the carousel as soon as embla runs.
 */
async function waitForEmbla() {
  const deadline = performance.now() + 10_000;
  while (!document.querySelector(".product-carousel.is-enhanced") && performance.now() < deadline) {
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
}

/** Renders the carousel and waits for embla. */
async function renderEnhanced(items: Item[] = ITEMS) {
  const result = renderCarousel(items);
  await waitForEmbla();
  expect(document.querySelector(".product-carousel.is-enhanced")).not.toBeNull();
  return result;
}

const prevButton = () => screen.getByRole("button", { name: "Previous products" });
const nextButton = () => screen.getByRole("button", { name: "Next products" });

/** Lets one autoplay interval pass; autoplay has moved on when "Previous" is enabled. */
function waitOneAutoplayDelay() {
  act(() => {
    vi.advanceTimersByTime(5000);
  });
}

describe("product carousel markup (catalogue spec section 9)", () => {
  it("is a region labelled by its headline (an h2), with the paragraph (catalogue spec section 9)", () => {
    renderCarousel();
    const region = screen.getByRole("region", { name: "Best sellers" });
    expect(region.getAttribute("aria-roledescription")).toBe("carousel");
    expect(within(region).getByRole("heading", { level: 2, name: "Best sellers" })).toBeTruthy();
    expect(within(region).getByText("What other pets love.")).toBeTruthy();
  });

  it("labels each slide 'N of M' and renders every item (catalogue spec section 9)", () => {
    renderCarousel();
    const slides = screen.getAllByRole("group");
    expect(slides.map((s) => s.getAttribute("aria-label"))).toEqual(["1 of 3", "2 of 3", "3 of 3"]);
    for (const slide of slides) expect(slide.getAttribute("aria-roledescription")).toBe("slide");
    expect(within(slides[1]).getByRole("link", { name: "Salmon Pâté" })).toBeTruthy();
  });

  it("has previous/next buttons that control the track (catalogue spec section 9)", () => {
    renderCarousel();
    const track = document.getElementById(prevButton().getAttribute("aria-controls") ?? "");
    expect(track).not.toBeNull();
    expect(nextButton().getAttribute("aria-controls")).toBe(track?.id);
    expect(within(track as HTMLElement).getAllByRole("group")).toHaveLength(3);
  });

  it("renders nothing for an empty product list (catalogue spec section 9)", () => {
    const { container } = renderCarousel([]);
    expect(container.innerHTML).toBe("");
  });

  it("sets the palette background and a readable copy colour inline (catalogue spec sections 3 and 9)", () => {
    renderCarousel();
    const region = screen.getByRole("region", { name: "Best sellers" });
    expect(region.style.getPropertyValue("--carousel-bg")).toBe("#e6f0fa");
    expect(region.style.getPropertyValue("--carousel-copy")).toBe("#1d1d21");
    expect(region.style.getPropertyValue("--carousel-gap")).toBe("12px");
  });
});

describe("product carousel behaviour (catalogue spec section 9)", () => {
  it("loads embla only once the carousel comes within a screen of the viewport (docs/rules.md 'Client JavaScript budget')", async () => {
    nearScreen = false;
    renderCarousel(ITEMS);
    await act(async () => {
      for (let tick = 0; tick < 50; tick += 1) await new Promise((resolve) => setImmediate(resolve));
    });
    expect(document.querySelector(".product-carousel.is-enhanced")).toBeNull();
    expect(waitingViewports.size).toBe(1);
    waitingViewports.forEach((report) => report());
    await waitForEmbla();
    expect(document.querySelector(".product-carousel.is-enhanced")).not.toBeNull();
  });

  it("disables 'Previous' at the start and pages with 'Next' when it does not loop (catalogue spec section 9)", async () => {
    reducedMotion = true;
    await renderEnhanced();
    expect((prevButton() as HTMLButtonElement).disabled).toBe(true);
    expect((nextButton() as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(nextButton());
    expect((prevButton() as HTMLButtonElement).disabled).toBe(false);
    expect((nextButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it("autoplays every 5000 ms and offers a pause button (catalogue spec section 9; WCAG 2.2.2)", async () => {
    await renderEnhanced();
    expect(screen.getByRole("button", { name: "Pause automatic scrolling" })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect((prevButton() as HTMLButtonElement).disabled).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect((prevButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it("stays paused after the pause button, even when the mouse leaves (WCAG 2.2.2; catalogue spec section 9)", async () => {
    await renderEnhanced();
    const region = screen.getByRole("region", { name: "Best sellers" });
    fireEvent.mouseEnter(region);
    fireEvent.click(screen.getByRole("button", { name: "Pause automatic scrolling" }));
    fireEvent.mouseLeave(region);
    waitOneAutoplayDelay();
    expect((prevButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Play automatic scrolling" }));
    waitOneAutoplayDelay();
    expect((prevButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it("pauses autoplay while the mouse is over it (catalogue spec section 9)", async () => {
    await renderEnhanced();
    const region = screen.getByRole("region", { name: "Best sellers" });
    fireEvent.mouseEnter(region);
    waitOneAutoplayDelay();
    expect((prevButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.mouseLeave(region);
    waitOneAutoplayDelay();
    expect((prevButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it("pauses autoplay while keyboard focus is inside and resumes when it leaves (catalogue spec section 9)", async () => {
    await renderEnhanced();
    act(() => screen.getByTestId("A1").focus());
    waitOneAutoplayDelay();
    expect((prevButton() as HTMLButtonElement).disabled).toBe(true);
    act(() => screen.getByTestId("A1").blur());
    waitOneAutoplayDelay();
    expect((prevButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it("never autoplays and shows no pause button with prefers-reduced-motion (catalogue spec section 9)", async () => {
    reducedMotion = true;
    await renderEnhanced();
    expect(screen.queryByRole("button", { name: /automatic scrolling/ })).toBeNull();
    waitOneAutoplayDelay();
    expect((prevButton() as HTMLButtonElement).disabled).toBe(true);
  });
});
