// @vitest-environment jsdom
// The browser's consent store (catalogue spec sections 3 and 4; docs/rules.md "Consent"): the
// cookie polled every 250 ms, the submit_preferences refresh, script elements added on
// approval and removed on denial.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONSENT_COOKIE_NAME, CONSENT_POLL_MS, SUBMIT_PREFERENCES_MESSAGE } from "~/models/consent";
import { onConsentApproved, resetConsentStore, startConsentStore } from "./consent-store.client";
import { ads, chat, reviews } from "../../tests/helpers/consent-scripts";

const setCookie = (value: string) => {
  document.cookie = `${CONSENT_COOKIE_NAME}=${value}; path=/`;
};
const clearCookie = () => {
  document.cookie = `${CONSENT_COOKIE_NAME}=; path=/; max-age=0`;
};
const sources = () => [...document.querySelectorAll("script[src]")].map((script) => script.getAttribute("src"));
const message = (data: unknown, origin = window.location.origin) =>
  window.dispatchEvent(new MessageEvent("message", { data, origin }));

let stop: () => void = () => {};

beforeEach(() => {
  vi.useFakeTimers();
  resetConsentStore();
  clearCookie();
  document.head.innerHTML = '<script nonce="abc123">/* the page */</script>';
});

afterEach(() => {
  stop();
  vi.useRealTimers();
  clearCookie();
});

describe("the browser consent store", () => {
  it("loads nothing before a choice", () => {
    stop = startConsentStore({ scripts: [reviews, ads] });
    vi.advanceTimersByTime(CONSENT_POLL_MS * 4);
    expect(sources()).toEqual([]);
  });

  it("applies a cookie already set at once: the allowed scripts as async elements with the page's nonce", () => {
    setCookie("required.functional");
    stop = startConsentStore({ scripts: [reviews, chat, ads] });
    expect(sources()).toEqual([reviews.src, chat.src]);
    const element = document.querySelector<HTMLScriptElement>(`script[src="${reviews.src}"]`)!;
    expect(element.async).toBe(true);
    expect(element.nonce || element.getAttribute("nonce")).toBe("abc123");
  });

  it("polls the cookie every 250 ms: another tab's choice applies within one period, loading once", () => {
    const changes: string[] = [];
    stop = startConsentStore({ scripts: [reviews, ads], onChange: (state) => changes.push(JSON.stringify(state)) });
    setCookie("required.functional.advertising");
    vi.advanceTimersByTime(CONSENT_POLL_MS - 1);
    expect(sources()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sources()).toEqual([reviews.src, ads.src]);
    vi.advanceTimersByTime(CONSENT_POLL_MS * 10);
    expect(sources()).toEqual([reviews.src, ads.src]);
    expect(changes).toHaveLength(1);
  });

  it("refreshes at once on a same-origin submit_preferences message, and ignores other origins and messages", () => {
    stop = startConsentStore({ scripts: [reviews] });
    setCookie("required.functional");
    message(SUBMIT_PREFERENCES_MESSAGE, "https://evil.example");
    message("something else");
    expect(sources()).toEqual([]);
    message(SUBMIT_PREFERENCES_MESSAGE);
    expect(sources()).toEqual([reviews.src]);
  });

  it("on denial removes the script and link elements of removeOnDecline scripts only", () => {
    setCookie("required.functional.advertising");
    stop = startConsentStore({ scripts: [reviews, chat, ads] });
    // What the reviews widget added itself: a stylesheet and a second script from its origin.
    document.head.insertAdjacentHTML(
      "beforeend",
      '<link rel="stylesheet" href="https://reviews.example/w.css"><script src="https://reviews.example/more.js"></script><link rel="stylesheet" href="/build/app.css">',
    );
    setCookie("required.advertising");
    message(SUBMIT_PREFERENCES_MESSAGE);
    expect(sources()).toEqual([chat.src, ads.src]);
    expect([...document.querySelectorAll("link")].map((link) => link.getAttribute("href"))).toEqual(["/build/app.css"]);
    // Approved again: the removed widget loads again, the kept one is not added twice.
    setCookie("required.functional.advertising");
    vi.advanceTimersByTime(CONSENT_POLL_MS);
    expect(sources()).toEqual([chat.src, ads.src, reviews.src]);
  });

  it("runs approval hooks once per approval, at once when the category is already approved", () => {
    const hook = vi.fn();
    onConsentApproved("advertising", hook);
    stop = startConsentStore({ scripts: [] });
    setCookie("required.advertising");
    vi.advanceTimersByTime(CONSENT_POLL_MS * 3);
    expect(hook).toHaveBeenCalledTimes(1);
    const late = vi.fn();
    onConsentApproved("advertising", late);
    expect(late).toHaveBeenCalledTimes(1);
  });
});
