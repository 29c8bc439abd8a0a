// The consent store's script registry and its transitions (catalogue spec section 3 "Consent
// store", section 4 "Consent"; docs/rules.md "Consent"). Pure: it decides which scripts to
// load and which elements to remove; the browser store (app/utils/consent-store.client.ts)
// does the DOM work it returns.
import {
  CONSENT_CATEGORIES,
  INITIAL_CONSENT,
  type ConsentCategory,
  type ConsentScript,
  type ConsentState,
} from "./consent";

/** A script's status once the store acted on it; unset until its category was first approved or denied. */
export type ScriptStatus = "loaded" | "removed";

/**
 * Who may approve a category (the spec's "source asserted"): the preference manager (the
 * banner and the preferences, through the submit_preferences refresh) or the cookie poll.
 */
export const APPROVAL_SOURCES = ["preference-manager", "cookie-poll"] as const;
export type ApprovalSource = (typeof APPROVAL_SOURCES)[number];

/** A registered script as the store sees it. */
export interface RegisteredScript {
  script: ConsentScript;
  status: ScriptStatus | undefined;
  /** Whether the store added its element and has not removed it since. */
  inDocument: boolean;
}

/** One step of a consent change. */
export type ConsentStep = { kind: "approve"; category: ConsentCategory } | { kind: "deny"; category: ConsentCategory };

/** The steps that turn `previous` into `next`, in the categories' order: an approval per newly allowed one, a denial per withdrawn one. */
export function consentSteps(previous: ConsentState, next: ConsentState): ConsentStep[] {
  const steps: ConsentStep[] = [];
  for (const category of CONSENT_CATEGORIES) {
    if (!previous[category] && next[category]) steps.push({ kind: "approve", category });
    if (previous[category] && !next[category]) steps.push({ kind: "deny", category });
  }
  return steps;
}

/** What the browser must do after a change: add these scripts' elements, remove those. */
export interface RegistryEffects {
  load: ConsentScript[];
  remove: ConsentScript[];
}

export interface ScriptRegistry {
  /** The consent state the store last applied. */
  readonly state: ConsentState;
  /**
   * Registers a script (once per id; a later registration with the same id is ignored), with
   * an optional approval hook. Returns the script when its category is already approved: it
   * loads at once (and its hook runs), as it would have on the approval.
   */
  register(script: ConsentScript, onApproved?: () => void): ConsentScript[];
  /**
   * A hook run on each approval of `category`; at once when the category is already approved.
   * Returns a function that removes it.
   */
  onApproved(category: ConsentCategory, hook: () => void): () => void;
  /**
   * Approval (catalogue spec section 4): sets the category, runs its approval hooks and
   * returns the scripts to load: those of the category not yet in the document (then status
   * loaded). An already approved category changes nothing. An unknown source throws.
   */
  approve(category: ConsentCategory, source: ApprovalSource): ConsentScript[];
  /**
   * Denial: unsets the category, marks its scripts removed and returns those flagged
   * removeOnDecline whose elements must go (the others stay on the page, marked removed).
   */
  deny(category: ConsentCategory): ConsentScript[];
  /** Applies a new consent state (the poll or a submit_preferences refresh) as approve and deny steps. */
  sync(next: ConsentState, source: ApprovalSource): RegistryEffects;
  /** The registered scripts and their status. */
  scripts(): readonly Readonly<RegisteredScript>[];
}

export function createScriptRegistry(initial: ConsentState = INITIAL_CONSENT): ScriptRegistry {
  let state: ConsentState = { ...initial };
  const registered = new Map<string, RegisteredScript>();
  const hooks: Record<ConsentCategory, Set<() => void>> = {
    required: new Set(),
    functional: new Set(),
    advertising: new Set(),
  };

  const approve = (category: ConsentCategory, source: ApprovalSource): ConsentScript[] => {
    if (!(APPROVAL_SOURCES as readonly string[]).includes(source)) {
      throw new Error(`Consent approval from an unknown source: ${String(source)}`);
    }
    if (state[category]) return [];
    state = { ...state, [category]: true };
    for (const hook of [...hooks[category]]) hook();
    const load: ConsentScript[] = [];
    for (const entry of registered.values()) {
      if (entry.script.category !== category) continue;
      entry.status = "loaded";
      if (entry.inDocument) continue;
      entry.inDocument = true;
      load.push(entry.script);
    }
    return load;
  };

  const deny = (category: ConsentCategory): ConsentScript[] => {
    state = { ...state, [category]: false };
    const remove: ConsentScript[] = [];
    for (const entry of registered.values()) {
      if (entry.script.category !== category) continue;
      entry.status = "removed";
      if (entry.script.removeOnDecline && entry.inDocument) {
        entry.inDocument = false;
        remove.push(entry.script);
      }
    }
    return remove;
  };

  return {
    get state() {
      return state;
    },
    register(script, onApproved) {
      if (registered.has(script.id)) return [];
      const entry: RegisteredScript = { script: { ...script }, status: undefined, inDocument: false };
      registered.set(script.id, entry);
      if (onApproved) hooks[script.category].add(onApproved);
      if (!state[script.category]) return [];
      onApproved?.();
      entry.status = "loaded";
      entry.inDocument = true;
      return [entry.script];
    },
    onApproved(category, hook) {
      hooks[category].add(hook);
      if (state[category]) hook();
      return () => void hooks[category].delete(hook);
    },
    approve,
    deny,
    sync(next, source) {
      const effects: RegistryEffects = { load: [], remove: [] };
      for (const step of consentSteps(state, next)) {
        if (step.kind === "approve") effects.load.push(...approve(step.category, source));
        else effects.remove.push(...deny(step.category));
      }
      return effects;
    },
    scripts: () => [...registered.values()].map((entry) => ({ ...entry })),
  };
}
