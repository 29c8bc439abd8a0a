import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { installClientErrorReporter } from "~/utils/client-error-reporter";
import { beforeHydration } from "~/utils/preloadable-view";

// Unhandled errors are reported to the shop (docs/rules.md "Browser error reports").
installClientErrorReporter(window);

// A page's lazily loaded view is loaded first, so hydration adopts the server's HTML
// (docs/rules.md "Client JavaScript budget"); if it cannot load, the page hydrates anyway.
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}
beforeHydration(window.__remixRouteModules, window.__remixContext.state.loaderData ?? {}).then(hydrate, hydrate);
