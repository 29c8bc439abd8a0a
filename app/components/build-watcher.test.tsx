// @vitest-environment jsdom
// New-deployment detection (shop-core spec sections 7 and 9).
import "@testing-library/jest-dom/vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LAST_RELOAD_KEY } from "~/models/build-watch";
import { BuildWatcher } from "./build-watcher";

const RUNNING = "aaaa1111";
const NEWER = "bbbb2222";
const POLL_SECONDS = 5;
const NOTICE = "A new version of the shop is available.";

type Answer = { ok: boolean; body: unknown } | Error;

let answer: Answer;
let fetchMock: ReturnType<typeof vi.fn>;

// The network edge: window.fetch answers what the test sets.
function stubFetch() {
  fetchMock = vi.fn(async () => {
    if (answer instanceof Error) throw answer;
    const { ok, body } = answer;
    return { ok, status: ok ? 200 : 503, json: async () => body };
  });
  vi.stubGlobal("fetch", fetchMock);
}

/** Moves the fake clock on and lets the poll's promises settle. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function setVisibility(state: "visible" | "hidden") {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  act(() => {
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

const banner = () => screen.queryByTestId("build-watcher");

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-03-01T10:00:00Z") });
  (window as { __remixManifest?: unknown }).__remixManifest = { version: RUNNING };
  window.sessionStorage.clear();
  answer = { ok: true, body: { version: RUNNING } };
  stubFetch();
  vi.spyOn(console, "debug").mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (window as { __remixManifest?: unknown }).__remixManifest;
});

describe("BuildWatcher", () => {
  it("polls builds/latest.json every pollSeconds and shows nothing while the versions match", async () => {
    render(<BuildWatcher pollSeconds={POLL_SECONDS} />);
    expect(fetchMock).not.toHaveBeenCalled();
    await advance(POLL_SECONDS * 1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe("/builds/latest.json");
    await advance(POLL_SECONDS * 1000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(banner()).toBeNull();
    // The polite live region waits, empty.
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("shows the polite banner with a Reload button when the server's version differs, and stops polling", async () => {
    answer = { ok: true, body: { version: NEWER } };
    render(<BuildWatcher pollSeconds={POLL_SECONDS} />);
    await advance(POLL_SECONDS * 1000);
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent(NOTICE);
    expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
    await advance(POLL_SECONDS * 1000 * 3);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("checks again when the tab becomes visible, not when it is hidden", async () => {
    render(<BuildWatcher pollSeconds={POLL_SECONDS} />);
    setVisibility("hidden");
    await advance(0);
    expect(fetchMock).not.toHaveBeenCalled();
    answer = { ok: true, body: { version: NEWER } };
    setVisibility("visible");
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(banner()).toHaveTextContent(NOTICE);
  });

  it("ignores failed, non-OK and garbage answers and keeps polling", async () => {
    render(<BuildWatcher pollSeconds={POLL_SECONDS} />);
    answer = new TypeError("Failed to fetch");
    await advance(POLL_SECONDS * 1000);
    answer = { ok: false, body: { version: NEWER } };
    await advance(POLL_SECONDS * 1000);
    answer = { ok: true, body: { version: "" } };
    await advance(POLL_SECONDS * 1000);
    answer = { ok: true, body: "<html>" };
    await advance(POLL_SECONDS * 1000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(banner()).toBeNull();
    answer = { ok: true, body: { version: NEWER } };
    await advance(POLL_SECONDS * 1000);
    expect(banner()).toHaveTextContent(NOTICE);
  });

  it("does nothing when the page has no Remix manifest (no running version to compare)", async () => {
    delete (window as { __remixManifest?: unknown }).__remixManifest;
    answer = { ok: true, body: { version: NEWER } };
    const { container } = render(<BuildWatcher pollSeconds={POLL_SECONDS} />);
    await advance(POLL_SECONDS * 1000 * 2);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(container).toBeEmptyDOMElement();
  });

  it("Reload records the time and reloads; within 10 s a second Reload is refused (spec section 9 guard)", async () => {
    answer = { ok: true, body: { version: NEWER } };
    const reload = vi.fn();
    render(<BuildWatcher pollSeconds={POLL_SECONDS} reload={reload} />);
    await advance(POLL_SECONDS * 1000);
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(LAST_RELOAD_KEY)).toBe(String(Date.now()));

    // As after the reload: the stamp is in sessionStorage, 9.999 s later the guard still holds.
    await advance(9_999);
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("status")).toHaveTextContent("please try again in a few seconds");

    // At exactly 10 s the guard lets it through.
    await advance(1);
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("reloads at once when the last reload was long ago", async () => {
    window.sessionStorage.setItem(LAST_RELOAD_KEY, String(Date.now() - 60_000));
    answer = { ok: true, body: { version: NEWER } };
    const reload = vi.fn();
    render(<BuildWatcher pollSeconds={POLL_SECONDS} reload={reload} />);
    await advance(POLL_SECONDS * 1000);
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
