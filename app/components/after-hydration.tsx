// Components that render nothing on the server and until the browser acts (the inactivity
// alert, the session refresh, the build watcher) are loaded after hydration, not with the
// page (docs/rules.md "Client JavaScript budget").
import { useEffect, useState, type ComponentType } from "react";

/**
 * Renders the component `load` resolves to, once loaded in the browser: nothing on the
 * server and on the first (hydrating) render, so the markup matches. `load` must be a
 * stable function (defined at module level).
 */
export function AfterHydration<P extends object>({ load, props }: { load: () => Promise<ComponentType<P>>; props: P }) {
  const [Component, setComponent] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (loaded) => {
        if (live) setComponent(() => loaded);
      },
      () => {
        // A failed chunk load (offline, a new deployment): the enhancement is left out.
      },
    );
    return () => {
      live = false;
    };
  }, [load]);
  return Component ? <Component {...props} /> : null;
}
