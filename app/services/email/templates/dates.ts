/** A day as emails write it: "Monday, March 2, 2026" (dates are kept as UTC days). */
export const emailDay = (date: Date) =>
  date.toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
