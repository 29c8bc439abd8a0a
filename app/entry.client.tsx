import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { installClientErrorReporter } from "~/utils/client-error-reporter";

// Unhandled errors are reported to the shop (docs/rules.md "Browser error reports").
installClientErrorReporter(window);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
