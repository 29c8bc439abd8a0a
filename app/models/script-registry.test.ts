// The consent store's script registry (catalogue spec sections 3 and 4; docs/rules.md "Consent").
import { describe, expect, it, vi } from "vitest";
import { INITIAL_CONSENT, type ConsentScript } from "./consent";
import { consentSteps, createScriptRegistry, type ApprovalSource } from "./script-registry";
import { chat, ads, reviews } from "../../tests/helpers/consent-scripts";

const ids = (scripts: ConsentScript[]) => scripts.map((script) => script.id);

function registryWithAll() {
  const registry = createScriptRegistry();
  for (const script of [reviews, chat, ads]) registry.register(script);
  return registry;
}

describe("approval (catalogue spec section 4)", () => {
  it("starts with every category false and every status unset", () => {
    const registry = registryWithAll();
    expect(registry.state).toEqual(INITIAL_CONSENT);
    expect(registry.scripts().map((entry) => entry.status)).toEqual([undefined, undefined, undefined]);
  });

  it("sets the category and loads its scripts not yet loaded, status loaded; other categories untouched", () => {
    const registry = registryWithAll();
    expect(ids(registry.approve("functional", "preference-manager"))).toEqual(["reviews", "chat"]);
    expect(registry.state).toEqual({ required: false, functional: true, advertising: false });
    expect(registry.scripts().map((entry) => [entry.script.id, entry.status])).toEqual([
      ["reviews", "loaded"],
      ["chat", "loaded"],
      ["ads", undefined],
    ]);
  });

  it("loads once: approving an approved category loads nothing and runs no hook", () => {
    const registry = registryWithAll();
    const hook = vi.fn();
    registry.onApproved("functional", hook);
    registry.approve("functional", "cookie-poll");
    expect(registry.approve("functional", "cookie-poll")).toEqual([]);
    expect(registry.approve("functional", "preference-manager")).toEqual([]);
    expect(hook).toHaveBeenCalledTimes(1);
  });

  it("runs the approval hooks of the category's registered scripts once per approval, not those of other categories", () => {
    const registry = createScriptRegistry();
    const reviewsHook = vi.fn();
    const adsHook = vi.fn();
    registry.register(reviews, reviewsHook);
    registry.register(ads, adsHook);
    registry.approve("functional", "cookie-poll");
    expect(reviewsHook).toHaveBeenCalledTimes(1);
    expect(adsHook).not.toHaveBeenCalled();
    registry.deny("functional");
    registry.approve("functional", "cookie-poll");
    expect(reviewsHook).toHaveBeenCalledTimes(2);
  });

  it("asserts its source: anything but the preference manager or the cookie poll throws and changes nothing", () => {
    const registry = registryWithAll();
    expect(() => registry.approve("functional", "a-third-party-script" as ApprovalSource)).toThrow(/unknown source/);
    expect(registry.state.functional).toBe(false);
    expect(registry.scripts()[0].status).toBeUndefined();
  });

  it("a hook added to an approved category runs at once; one removed no longer runs", () => {
    const registry = createScriptRegistry();
    registry.approve("advertising", "cookie-poll");
    const late = vi.fn();
    const stop = registry.onApproved("advertising", late);
    expect(late).toHaveBeenCalledTimes(1);
    stop();
    registry.deny("advertising");
    registry.approve("advertising", "cookie-poll");
    expect(late).toHaveBeenCalledTimes(1);
  });

  it("a script registered under an approved category loads at once; registering an id twice is ignored", () => {
    const registry = createScriptRegistry({ required: true, functional: true, advertising: false });
    const hook = vi.fn();
    expect(ids(registry.register(reviews, hook))).toEqual(["reviews"]);
    expect(hook).toHaveBeenCalledTimes(1);
    expect(registry.register({ ...reviews, src: "https://other.example/x.js" })).toEqual([]);
    expect(registry.register(ads)).toEqual([]);
    expect(registry.scripts().map((entry) => [entry.script.src, entry.status])).toEqual([
      [reviews.src, "loaded"],
      [ads.src, undefined],
    ]);
  });
});

describe("denial (catalogue spec section 4)", () => {
  it("unsets the category, marks its scripts removed and removes only those flagged removeOnDecline", () => {
    const registry = registryWithAll();
    registry.approve("functional", "preference-manager");
    registry.approve("advertising", "preference-manager");
    expect(ids(registry.deny("functional"))).toEqual(["reviews"]);
    expect(registry.state).toEqual({ required: false, functional: false, advertising: true });
    expect(registry.scripts().map((entry) => [entry.script.id, entry.status])).toEqual([
      ["reviews", "removed"],
      ["chat", "removed"],
      ["ads", "loaded"],
    ]);
  });

  it("removes nothing that was never loaded, and nothing twice", () => {
    const registry = registryWithAll();
    expect(registry.deny("functional")).toEqual([]);
    expect(registry.scripts()[0].status).toBe("removed");
    registry.approve("functional", "cookie-poll");
    expect(ids(registry.deny("functional"))).toEqual(["reviews"]);
    expect(registry.deny("functional")).toEqual([]);
  });

  it("re-approval loads again what denial removed, but not a script whose element stayed on the page", () => {
    const registry = registryWithAll();
    registry.approve("functional", "cookie-poll");
    registry.deny("functional");
    expect(ids(registry.approve("functional", "cookie-poll"))).toEqual(["reviews"]);
    expect(registry.scripts().map((entry) => entry.status)).toEqual(["loaded", "loaded", undefined]);
  });
});

describe("sync: a polled change as approve and deny steps", () => {
  it("turns each changed category into one step, unchanged ones into none", () => {
    expect(consentSteps(INITIAL_CONSENT, INITIAL_CONSENT)).toEqual([]);
    expect(
      consentSteps(
        { required: true, functional: true, advertising: false },
        { required: true, functional: false, advertising: true },
      ),
    ).toEqual([
      { kind: "deny", category: "functional" },
      { kind: "approve", category: "advertising" },
    ]);
    expect(consentSteps({ required: true, functional: true, advertising: true }, INITIAL_CONSENT)).toHaveLength(3);
  });

  it("applies the steps: loads on approval, removes on denial, nothing when the state is unchanged", () => {
    const registry = registryWithAll();
    const all = { required: true, functional: true, advertising: true };
    expect(registry.sync(all, "cookie-poll")).toEqual({ load: [reviews, chat, ads], remove: [] });
    expect(registry.sync(all, "cookie-poll")).toEqual({ load: [], remove: [] });
    expect(registry.sync({ required: true, functional: false, advertising: false }, "preference-manager")).toEqual({
      load: [],
      remove: [reviews, ads],
    });
    expect(registry.state).toEqual({ required: true, functional: false, advertising: false });
  });
});
