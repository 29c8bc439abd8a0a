import { lazy, type ComponentType } from "react";

/**
 * A route's handle may name what its page needs loaded before hydration
 * (docs/rules.md "Client JavaScript budget"); entry.client waits for it.
 */
export interface HydrationHandle {
  beforeHydration?: (data: unknown) => Promise<unknown>;
}

/**
 * A component loaded on first use, as with `React.lazy`, that can also be loaded ahead.
 * Once loaded it renders at once: hydrating the server's HTML never suspends on it (a
 * root that suspends while hydrating is thrown away and drawn again in the browser,
 * React's error 418). A failed load may be tried again.
 */
export function preloadableView<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  // React.lazy types its props through refs; the view takes no ref, so its own props are its type.
  const Lazy = lazy(() => preload().then((component) => ({ default: component }))) as unknown as ComponentType<P>;
  function PreloadableView(props: P) {
    const Loaded = loaded;
    // Both render the same elements; only whether React must wait for the module differs.
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(PreloadableView, { preload });
}

/** Everything the first page's routes ask for before hydration (their handles' `beforeHydration`). */
export function beforeHydration(
  routeModules: Record<string, { handle?: unknown } | undefined>,
  loaderData: Record<string, unknown>,
): Promise<unknown> {
  return Promise.all(
    Object.entries(routeModules).map(([id, module]) =>
      (module?.handle as HydrationHandle | undefined)?.beforeHydration?.(loaderData[id]),
    ),
  );
}
