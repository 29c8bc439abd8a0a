// New-deployment detection (shop-core spec sections 7 and 9): in
// the browser only, polls the builds manifest every `pollSeconds` and when the tab
// becomes visible again; when the server runs a different build from this page's
// client, a polite banner offers a reload. The spec's 10-second page-reload guard
// refuses a second reload within 10 s, so a half-rolled-out deployment (servers of
// both builds behind one address) cannot trap the shopper in a reload loop.
import { useEffect, useRef, useState } from "react";
import {
  BUILDS_MANIFEST_PATH,
  isNewBuild,
  LAST_RELOAD_KEY,
  mayReload,
  parseReloadStamp,
  pollIntervalMs,
  readManifestVersion,
} from "~/models/build-watch";

type Status = "idle" | "available" | "guarded";

/** The running client's build version, from the manifest Remix puts on the window. */
function runningVersion(): string | null {
  const manifest = (window as { __remixManifest?: { version?: unknown } }).__remixManifest;
  return typeof manifest?.version === "string" ? manifest.version : null;
}

// sessionStorage can be unavailable (privacy settings, sandboxed frames): then there is no guard to keep.
function readLastReload(): number | null {
  try {
    return parseReloadStamp(window.sessionStorage.getItem(LAST_RELOAD_KEY));
  } catch {
    return null;
  }
}

function recordReload(now: number) {
  try {
    window.sessionStorage.setItem(LAST_RELOAD_KEY, String(now));
  } catch {
    // See readLastReload.
  }
}

/**
 * The "new version available" banner. `reload` defaults to `window.location.reload()`;
 * tests pass a spy because jsdom's location cannot be replaced.
 */
export function BuildWatcher({ pollSeconds, reload }: { pollSeconds: number; reload?: () => void }) {
  const [status, setStatus] = useState<Status>("idle");
  // Nothing renders on the server or before hydration: without JavaScript there is nothing to watch.
  const [watching, setWatching] = useState(false);
  const reloadRef = useRef(reload);
  reloadRef.current = reload;

  useEffect(() => {
    const current = runningVersion();
    if (!current) return;
    setWatching(true);
    let stopped = false;
    let inFlight = false;
    const stop = () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
    const check = async () => {
      if (stopped || inFlight) return;
      inFlight = true;
      try {
        const response = await fetch(BUILDS_MANIFEST_PATH, {
          cache: "no-store",
          headers: { Accept: "application/json" },
        });
        if (!response.ok) return;
        const latest = readManifestVersion(await response.json());
        if (!stopped && isNewBuild(current, latest)) {
          stop();
          setStatus("available");
        }
      } catch (error) {
        // Offline, a deploy in progress, a proxy's HTML error page: try again at the next poll.
        console.debug("build check failed", error);
      } finally {
        inFlight = false;
      }
    };
    function onVisible() {
      if (document.visibilityState === "visible") void check();
    }
    const timer = setInterval(() => void check(), pollIntervalMs(pollSeconds));
    document.addEventListener("visibilitychange", onVisible);
    return stop;
  }, [pollSeconds]);

  const onReload = () => {
    const now = Date.now();
    if (!mayReload(readLastReload(), now)) {
      setStatus("guarded");
      return;
    }
    recordReload(now);
    if (reloadRef.current) reloadRef.current();
    else window.location.reload();
  };

  if (!watching) return null;
  // The live region is there (empty) before the banner fills it, so screen readers announce it.
  return (
    <div role="status" className="build-watcher">
      {status === "idle" ? null : (
        <div className="build-watcher__banner" data-testid="build-watcher">
          <p className="build-watcher__text">
            A new version of the shop is available.
            {status === "guarded" ? " The page was reloaded moments ago; please try again in a few seconds." : null}
          </p>
          <button type="button" className="button button--primary" onClick={onReload}>
            Reload
          </button>
        </div>
      )}
    </div>
  );
}
