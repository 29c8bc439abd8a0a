// @vitest-environment jsdom
import { act, startTransition, useSyncExternalStore } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { beforeHydration, preloadableView, type HydrationHandle } from "./preloadable-view";

// The page's view, as a module the browser has not loaded yet: it arrives when `arrive` is called.
function slowModule() {
  let arrive = () => {};
  const load = () =>
    new Promise<(props: { title: string }) => JSX.Element>((resolve) => {
      arrive = () => resolve(({ title }) => <h1 className="view">{title}</h1>);
    });
  return { load, arrive: () => arrive() };
}

// The server's HTML, drawn once its own copy of the module has loaded.
async function serverHtml() {
  const { load, arrive } = slowModule();
  const View = preloadableView(load);
  const loading = View.preload();
  arrive();
  await loading;
  return renderToString(
    <main>
      <View title="Dry dog food" />
    </main>,
  );
}

// The router's state, as Remix's browser router holds it: it may change while the page hydrates.
const listeners = new Set<() => void>();
let navigations = 0;
const router = {
  subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
  state: () => navigations,
  change: () => {
    navigations += 1;
    listeners.forEach((listener) => listener());
  },
};
function Page({ View }: { View: (props: { title: string }) => JSX.Element }) {
  useSyncExternalStore(router.subscribe, router.state, () => 0);
  return (
    <main>
      <View title="Dry dog food" />
    </main>
  );
}

// Hydrates the server's HTML in a fresh document; returns React's recoverable errors (a
// hydration thrown away and drawn again is one) and whether the server's heading was kept.
async function hydrate(html: string, View: (props: { title: string }) => JSX.Element, ready: Promise<unknown>) {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  const container = document.getElementById("root")!;
  const serverHeading = container.querySelector("h1");
  const errors: unknown[] = [];
  await ready;
  await act(async () => {
    startTransition(() => {
      hydrateRoot(container, <Page View={View} />, { onRecoverableError: (error) => errors.push(error) });
    });
  });
  return { errors, kept: container.querySelector("h1") === serverHeading };
}

describe("preloadableView: a lazily loaded view that hydration never suspends on (docs/rules.md 'Client JavaScript budget')", () => {
  it("renders nothing synchronously until its module has loaded, then renders at once", async () => {
    const { load, arrive } = slowModule();
    const View = preloadableView(load);
    expect(() => renderToString(<View title="Cat food" />)).toThrow();
    const loading = View.preload();
    arrive();
    await loading;
    expect(renderToString(<View title="Cat food" />)).toBe('<h1 class="view">Cat food</h1>');
  });

  it("hydrates the server's HTML without drawing it again when the route's handle loaded the view first", async () => {
    const html = await serverHtml();
    const { load, arrive } = slowModule();
    const View = preloadableView(load);
    const handle: HydrationHandle = { beforeHydration: () => View.preload() };
    const ready = beforeHydration({ "routes/products.$": { handle } }, {});
    setTimeout(arrive, 20);
    const { errors, kept } = await hydrate(html, View, ready);
    await act(async () => router.change());
    expect(errors).toEqual([]);
    expect(kept).toBe(true);
  });

  it("asks every route's handle with that route's data, and tries a failed load again", async () => {
    const asked: unknown[] = [];
    await beforeHydration(
      {
        root: {},
        "routes/products.$": { handle: { beforeHydration: async (data: unknown) => asked.push(data) } },
        "routes/other": undefined,
      },
      { "routes/products.$": { kind: "listing" } },
    );
    expect(asked).toEqual([{ kind: "listing" }]);

    let attempts = 0;
    const View = preloadableView(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("offline");
      return () => <p>ok</p>;
    });
    await expect(View.preload()).rejects.toThrow("offline");
    await View.preload();
    expect(attempts).toBe(2);
  });
});
