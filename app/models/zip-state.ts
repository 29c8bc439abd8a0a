// The state a zip code belongs to, for /api/get-state-by-zipcode (shop-core spec
// section 7, behind the shipping feature flag).
import { isUsStateCode, US_STATES } from "./checkout";

/**
 * Three-digit zip prefixes (USPS sectional centers) of the 50 states and DC, as inclusive
 * [first, last, state] ranges. Prefixes of Puerto Rico, the Virgin Islands, Guam and the
 * military post offices, and unassigned ones, belong to no state here.
 */
const PREFIX_STATES: readonly (readonly [number, number, string])[] = [
  [5, 5, "NY"],
  [10, 27, "MA"],
  [28, 29, "RI"],
  [30, 38, "NH"],
  [39, 49, "ME"],
  [50, 54, "VT"],
  [55, 55, "MA"],
  [56, 59, "VT"],
  [60, 69, "CT"],
  [70, 89, "NJ"],
  [100, 149, "NY"],
  [150, 196, "PA"],
  [197, 199, "DE"],
  [200, 200, "DC"],
  [201, 201, "VA"],
  [202, 205, "DC"],
  [206, 219, "MD"],
  [220, 246, "VA"],
  [247, 268, "WV"],
  [270, 289, "NC"],
  [290, 299, "SC"],
  [300, 319, "GA"],
  [320, 339, "FL"],
  [341, 349, "FL"],
  [350, 369, "AL"],
  [370, 385, "TN"],
  [386, 397, "MS"],
  [398, 399, "GA"],
  [400, 427, "KY"],
  [430, 459, "OH"],
  [460, 479, "IN"],
  [480, 499, "MI"],
  [500, 528, "IA"],
  [530, 549, "WI"],
  [550, 567, "MN"],
  [569, 569, "DC"],
  [570, 577, "SD"],
  [580, 588, "ND"],
  [590, 599, "MT"],
  [600, 629, "IL"],
  [630, 658, "MO"],
  [660, 679, "KS"],
  [680, 693, "NE"],
  [700, 714, "LA"],
  [716, 729, "AR"],
  [730, 732, "OK"],
  [733, 733, "TX"],
  [734, 749, "OK"],
  [750, 799, "TX"],
  [800, 816, "CO"],
  [820, 831, "WY"],
  [832, 838, "ID"],
  [840, 847, "UT"],
  [850, 865, "AZ"],
  [870, 884, "NM"],
  [885, 885, "TX"],
  [889, 898, "NV"],
  [900, 961, "CA"],
  [967, 968, "HI"],
  [970, 979, "OR"],
  [980, 994, "WA"],
  [995, 999, "AK"],
];

/**
 * The state of a 5-digit zip, by its three-digit prefix (docs/rules.md "State by zip"):
 * `{ code, name }` of the 50 states and DC, or null for a zip that is not 5 digits or
 * whose prefix belongs to no state.
 */
export function stateOfZip(zip: string): { code: string; name: string } | null {
  if (!/^\d{5}$/.test(zip)) return null;
  const prefix = Number(zip.slice(0, 3));
  const code = PREFIX_STATES.find(([first, last]) => first <= prefix && prefix <= last)?.[2];
  return US_STATES.find((state) => state.code === code) ?? null;
}

/**
 * Why an address's typed state does not go with its zip, or null when it does (docs/rules.md
 * "Pricing, discounts and shipping"): the zip's state (`stateOfZip`) must be the state typed,
 * and a zip of no state is refused (the shop ships to the 50 states and DC). A state that is
 * not a US state or DC, or a zip that is not 5 digits, is left to those fields' own checks.
 * The address forms refuse a mismatch on the state field; pricing never reads the typed state
 * at all (`pricingStateOf`).
 */
export function stateOfZipRefusal(address: {
  provinceCode: string;
  zip: string;
}): { field: "provinceCode" | "zip"; message: string } | null {
  const typed = address.provinceCode.trim().toUpperCase();
  const zip = address.zip.trim().slice(0, 5);
  if (!isUsStateCode(typed) || !/^\d{5}$/.test(zip)) return null;
  const state = stateOfZip(zip);
  if (!state) return { field: "zip", message: `${zip} is not a zip code of a US state or DC. Check the zip code.` };
  if (state.code === typed) return null;
  return {
    field: "provinceCode",
    message: `Zip code ${zip} is in ${state.name}. Choose ${state.name}, or check the zip code.`,
  };
}
