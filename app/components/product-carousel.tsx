import type { EmblaCarouselType, EmblaOptionsType, EmblaPluginType } from "embla-carousel";
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type ReactNode,
} from "react";
import {
  AUTOPLAY_DELAY_MS,
  LOOP_MIN_WIDTH_PX,
  PRODUCT_CAROUSEL_GAP_PX,
  carouselBackground,
  carouselCopyColor,
  shouldLoop,
} from "~/models/carousel";

export interface ProductCarouselProps<T> {
  /** Unique on the page; prefixes the heading and track ids. */
  id: string;
  headline: string;
  paragraph?: string | null;
  /** Palette name ("light blue", ...); see carouselBackground. */
  bgColor?: string | null;
  /** Palette name or hex colour; defaults to a readable colour for bgColor. */
  copyColor?: string | null;
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
}

/**
 * A horizontally scrolling list of products (catalogue spec sections 4 and 9). Without
 * JavaScript it is a CSS scroll-snap list; embla adds buttons, dragging and autoplay.
 * Renders nothing until there are products.
 */
// Embla is loaded once a carousel is on screen and hydrated, not with the page: it is
// a scroll-snap list until then (docs/rules.md "Client JavaScript budget").
export function ProductCarousel<T>(props: ProductCarouselProps<T>) {
  if (props.items.length === 0) return null;
  return <Carousel {...props} />;
}

function Carousel<T>({
  id,
  headline,
  paragraph,
  bgColor,
  copyColor,
  items,
  getKey,
  renderItem,
}: ProductCarouselProps<T>) {
  const headingId = `${id}-heading`;
  const trackId = `${id}-track`;

  const options = useMemo(
    () => ({
      align: "start" as const,
      slidesToScroll: "auto" as const,
      loop: false,
      breakpoints: { [`(min-width: ${LOOP_MIN_WIDTH_PX}px)`]: { loop: shouldLoop(items.length, LOOP_MIN_WIDTH_PX) } },
    }),
    [items.length],
  );
  const [viewportRef, emblaApi] = useEmbla(options);

  const reducedMotion = usePrefersReducedMotion();
  const [canScrollPrev, setCanScrollPrev] = useState(false);
  const [canScrollNext, setCanScrollNext] = useState(false);
  const [snapCount, setSnapCount] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  const hold = useRef({ hover: false, keyboardFocus: false });
  const autoplayAvailable = emblaApi !== undefined && !reducedMotion && snapCount > 1;

  const syncAutoplay = useCallback(() => {
    const autoplay = emblaApi?.plugins().autoplay;
    if (!autoplay) return;
    const run = autoplayAvailable && !userPaused && !hold.current.hover && !hold.current.keyboardFocus;
    if (!run) autoplay.stop();
    else if (!autoplay.isPlaying()) autoplay.play();
  }, [emblaApi, autoplayAvailable, userPaused]);

  useEffect(() => {
    if (!emblaApi) return;
    // Drop any scroll position from before hydration; embla moves the track itself.
    emblaApi.rootNode().scrollLeft = 0;
    const update = () => {
      setCanScrollPrev(emblaApi.canScrollPrev());
      setCanScrollNext(emblaApi.canScrollNext());
      setSnapCount(emblaApi.scrollSnapList().length);
    };
    update();
    emblaApi.on("select", update).on("reInit", update);
    return () => {
      emblaApi.off("select", update).off("reInit", update);
    };
  }, [emblaApi]);

  useEffect(() => {
    if (!emblaApi) return;
    syncAutoplay();
    // The plugin stops on pointer down and is re-created stopped on reInit.
    emblaApi.on("pointerUp", syncAutoplay).on("reInit", syncAutoplay);
    return () => {
      emblaApi.off("pointerUp", syncAutoplay).off("reInit", syncAutoplay);
    };
  }, [emblaApi, syncAutoplay]);

  const setHold = (reason: keyof typeof hold.current, value: boolean) => {
    hold.current[reason] = value;
    syncAutoplay();
  };
  const onFocus = (event: FocusEvent<HTMLElement>) => setHold("keyboardFocus", isKeyboardFocus(event.target));
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setHold("keyboardFocus", false);
  };

  const style = {
    "--carousel-bg": carouselBackground(bgColor),
    "--carousel-copy": carouselCopyColor(copyColor, bgColor),
    "--carousel-gap": `${PRODUCT_CAROUSEL_GAP_PX}px`,
  } as CSSProperties;

  return (
    <section
      id={id}
      className={emblaApi ? "product-carousel is-enhanced" : "product-carousel"}
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      style={style}
      onMouseEnter={() => setHold("hover", true)}
      onMouseLeave={() => setHold("hover", false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div className="container product-carousel__inner">
        <div className="product-carousel__header">
          <div className="product-carousel__copy">
            <h2 id={headingId} className="product-carousel__headline">
              {headline}
            </h2>
            {paragraph ? <p className="product-carousel__paragraph">{paragraph}</p> : null}
          </div>
          {/* Buttons need JavaScript; before hydration CSS hides them but keeps their space. */}
          <div className="product-carousel__controls">
            {autoplayAvailable ? (
              <button type="button" className="product-carousel__button" onClick={() => setUserPaused((p) => !p)}>
                {userPaused ? <PlayIcon /> : <PauseIcon />}
                <span className="visually-hidden">
                  {userPaused ? "Play automatic scrolling" : "Pause automatic scrolling"}
                </span>
              </button>
            ) : null}
            <button
              type="button"
              className="product-carousel__button"
              aria-label="Previous products"
              aria-controls={trackId}
              disabled={!canScrollPrev}
              onClick={() => emblaApi?.scrollPrev(reducedMotion)}
            >
              <ChevronIcon direction="left" />
            </button>
            <button
              type="button"
              className="product-carousel__button"
              aria-label="Next products"
              aria-controls={trackId}
              disabled={!canScrollNext}
              onClick={() => emblaApi?.scrollNext(reducedMotion)}
            >
              <ChevronIcon direction="right" />
            </button>
          </div>
        </div>
        <div className="product-carousel__viewport" ref={viewportRef}>
          <div className="product-carousel__track" id={trackId}>
            {items.map((item, index) => (
              <div
                key={getKey(item)}
                className="product-carousel__slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${items.length}`}
              >
                {renderItem(item)}
              </div>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}

/**
 * Calls `load` once `node` comes within a screen of the viewport (at once where the browser
 * cannot tell), so a carousel further down a page costs nothing while the page loads
 * (docs/rules.md "Client JavaScript budget"). Returns a function that stops waiting.
 */
function whenNearScreen(node: HTMLElement, load: () => unknown): () => void {
  if (typeof IntersectionObserver !== "function") {
    void load();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void load();
    },
    { rootMargin: "100% 0px" },
  );
  observer.observe(node);
  return () => observer.disconnect();
}

/**
 * Embla on the viewport, loaded on demand: the callback ref to put on the viewport and
 * the carousel once it runs (undefined before, as with embla-carousel-react's hook).
 */
function useEmbla(options: EmblaOptionsType): [(node: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  useEffect(() => {
    if (!viewport) return;
    let cancelled = false;
    let carousel: EmblaCarouselType | undefined;
    const stopWaiting = whenNearScreen(viewport, () =>
      Promise.all([import("embla-carousel"), import("embla-carousel-autoplay")]).then(
        ([{ default: EmblaCarousel }, { default: Autoplay }]) => {
          if (cancelled) return;
          // The plugin is only a timer here: syncAutoplay alone decides when it runs, so that
          // mouse-leave or a swipe can never restart autoplay the user paused (WCAG 2.2.2).
          const plugins: EmblaPluginType[] = [
            Autoplay({
              delay: AUTOPLAY_DELAY_MS,
              playOnInit: false,
              stopOnInteraction: true,
              stopOnMouseEnter: false,
              stopOnFocusIn: false,
            }),
          ];
          carousel = EmblaCarousel(viewport, options, plugins);
          setApi(carousel);
        },
      ),
    );
    return () => {
      cancelled = true;
      stopWaiting();
      carousel?.destroy();
      setApi(undefined);
    };
  }, [viewport, options]);
  return [setViewport, api];
}

/** True until the browser says otherwise, so the server render and first paint never autoplay. */
function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(true);
  useEffect(() => {
    if (typeof window.matchMedia !== "function") return;
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return reduced;
}

/** Keyboard focus pauses autoplay; a mouse click on a button must not hold it paused. */
function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(":focus-visible");
  } catch {
    return true; // a browser without :focus-visible: treat all focus as keyboard focus
  }
}

function ChevronIcon({ direction }: { direction: "left" | "right" }) {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24">
      <path
        d={direction === "left" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24">
      <path d="M7 5h3v14H7zM14 5h3v14h-3z" fill="currentColor" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24">
      <path d="M8 5v14l11-7z" fill="currentColor" />
    </svg>
  );
}
