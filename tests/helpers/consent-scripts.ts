// Scripts for the consent store's tests (docs/rules.md "Consent"): two functional ones, one
// removed on decline and one kept, and an advertising one.
import type { ConsentScript } from "~/models/consent";

export const reviews: ConsentScript = {
  id: "reviews",
  category: "functional",
  src: "https://reviews.example/w.js",
  removeOnDecline: true,
};
export const chat: ConsentScript = {
  id: "chat",
  category: "functional",
  src: "https://chat.example/c.js",
  removeOnDecline: false,
};
export const ads: ConsentScript = {
  id: "ads",
  category: "advertising",
  src: "https://ads.example/a.js",
  removeOnDecline: true,
};
