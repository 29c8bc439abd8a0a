// Which constraint attributes HTML allows on a form control (docs/rules.md "Valid HTML and no
// sideways scroll"; HTML's table of the input element's attributes per type). conform derives
// them from the zod schema whatever the control: a checkbox of z.literal("on") gets
// pattern="on", a hidden input required and minlength, a date pattern. The W3C checker refuses
// each of them, so the form fields keep only what their type allows.

const TEXT_LIKE = ["text", "search", "url", "tel", "email", "password"] as const;
const DATE_LIKE = ["date", "month", "week", "time", "datetime-local"] as const;
const RANGED = [...DATE_LIKE, "number", "range"] as const;

/** The input types on which each constraint attribute may appear; an attribute not named here is left alone. */
const ALLOWED_ON: Record<string, readonly string[]> = {
  required: [...TEXT_LIKE, ...DATE_LIKE, "number", "checkbox", "radio", "file"],
  pattern: TEXT_LIKE,
  minLength: TEXT_LIKE,
  maxLength: TEXT_LIKE,
  min: RANGED,
  max: RANGED,
  step: RANGED,
  multiple: ["email", "file"],
};

/** `props` of an input of `type` without the constraint attributes HTML forbids on that type. */
export function inputConstraints<T extends object>(type: string, props: T): T {
  return Object.fromEntries(
    Object.entries(props).filter(([name]) => !(name in ALLOWED_ON) || ALLOWED_ON[name].includes(type)),
  ) as T;
}

/**
 * A one-line select may be `required` only when its first option is the empty placeholder
 * ("Choose a state"); without one it always has a value, and HTML forbids `required`.
 */
export const selectRequired = (required: boolean | undefined, hasPlaceholder: boolean): boolean | undefined =>
  hasPlaceholder ? required : undefined;
