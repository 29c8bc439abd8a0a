// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ResponsiveImage } from "./responsive-image";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const SRC = "/images/products/adult-dry-dog-food-bag.png";

function image() {
  return screen.getByRole("img", { name: "Adult dry dog food" }) as HTMLImageElement;
}

describe("ResponsiveImage (catalogue spec sections 7 and 9)", () => {
  it("renders an optimised img with srcset, default sizes, intrinsic size, lazy and async (section 9)", () => {
    render(<ResponsiveImage src={SRC} alt="Adult dry dog food" width={600} height={600} className="card-img" />);
    const img = image();
    expect(img.getAttribute("src")).toBe(`/_ipx/w_640,f_webp${SRC}`);
    expect(img.getAttribute("srcset")).toBe(
      [50, 100, 150, 180, 320, 480, 640].map((w) => `/_ipx/w_${w},f_webp${SRC} ${w}w`).join(", "),
    );
    expect(img.getAttribute("sizes")).toBe("(max-width: 640px) 100vw, (max-width: 768px) 80vw, 800px");
    expect(img.getAttribute("width")).toBe("600");
    expect(img.getAttribute("height")).toBe("600");
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("decoding")).toBe("async");
    expect(img.getAttribute("fetchpriority")).toBeNull();
    expect(img.className).toBe("responsive-image card-img");
  });

  it("loads a priority image eagerly and honours given widths, sizes and fit (section 9)", () => {
    render(
      <ResponsiveImage
        src={SRC}
        alt="Adult dry dog food"
        width={400}
        height={200}
        widths={[320, 640]}
        sizes="200px"
        fit="cover"
        priority
      />,
    );
    const img = image();
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
    expect(img.getAttribute("sizes")).toBe("200px");
    expect(img.getAttribute("src")).toBe(`/_ipx/s_480x240,fit_cover,f_webp${SRC}`);
    expect(img.getAttribute("srcset")).toBe(
      `/_ipx/s_320x160,fit_cover,f_webp${SRC} 320w, /_ipx/s_640x320,fit_cover,f_webp${SRC} 640w`,
    );
  });

  it("without JavaScript the server HTML is a plain img in the idle state (section 9)", () => {
    const html = renderToString(<ResponsiveImage src={SRC} alt="Adult dry dog food" width={600} height={600} />);
    expect(html).toMatch(/^<img /);
    expect(html).toContain('data-state="idle"');
    expect(html).toContain(`src="/_ipx/w_640,f_webp${SRC}"`);
  });

  it("goes from loading to loaded on the load event (section 9 image states)", () => {
    render(<ResponsiveImage src={SRC} alt="Adult dry dog food" width={600} height={600} />);
    expect(image().dataset.state).toBe("loading");
    fireEvent.load(image());
    expect(image().dataset.state).toBe("loaded");
  });

  it("marks an image that finished before hydration as loaded (section 9 image states)", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(
      <ResponsiveImage src={SRC} alt="Adult dry dog food" width={600} height={600} />,
    );
    document.body.appendChild(container);
    const serverImg = container.querySelector("img")!;
    Object.defineProperty(serverImg, "complete", { value: true });
    Object.defineProperty(serverImg, "naturalWidth", { value: 600 });
    await act(async () => {
      render(<ResponsiveImage src={SRC} alt="Adult dry dog food" width={600} height={600} />, {
        container,
        hydrate: true,
      });
    });
    expect(container.querySelector("img")).toBe(serverImg);
    expect(serverImg.dataset.state).toBe("loaded");
  });

  it("shows a neutral box with the alt text visually hidden when the image fails (section 9 image states)", () => {
    const { container } = render(<ResponsiveImage src={SRC} alt="Adult dry dog food" width={600} height={400} />);
    fireEvent.error(image());
    expect(container.querySelector("img")).toBeNull();
    const box = container.querySelector<HTMLElement>('[data-state="error"]')!;
    expect(box.className).toContain("responsive-image--error");
    expect(box.style.aspectRatio).toBe("600 / 400");
    const alt = screen.getByText("Adult dry dog food");
    expect(alt.className).toBe("visually-hidden");
    expect(box.contains(alt)).toBe(true);
  });

  it("starts over when the source changes after an error (section 9 image states)", () => {
    const { rerender } = render(<ResponsiveImage src={SRC} alt="Adult dry dog food" width={600} height={600} />);
    fireEvent.error(image());
    rerender(<ResponsiveImage src="/images/products/other.png" alt="Adult dry dog food" width={600} height={600} />);
    expect(image().dataset.state).toBe("loading");
    expect(image().getAttribute("src")).toBe("/_ipx/w_640,f_webp/images/products/other.png");
  });
});
