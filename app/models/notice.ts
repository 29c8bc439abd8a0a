/** A one-line message shown after a change (a form post's answer). */
export interface Notice {
  tone: "success" | "info" | "error";
  message: string;
}
