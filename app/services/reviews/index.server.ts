// The reviews service (docs/rules.md "Reviews"). Placeholder until the embedded provider lands.
import type { Reviews } from "./types";

export type * from "./types";

const notBuilt = (): never => {
  throw new Error("The reviews service is not built yet");
};

export const reviews: Reviews = {
  summary: notBuilt,
  list: notBuilt,
  reviewBy: notBuilt,
  hasBought: notBuilt,
  submit: notBuilt,
  vote: notBuilt,
  pending: notBuilt,
  moderate: notBuilt,
};
