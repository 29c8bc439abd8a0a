import { siteSettings } from "~/env.server";
import { formatShopLongDate, shopYear } from "~/models/shop-time";

/** A day as emails write it: "Monday, March 2, 2026", the day in the shop's time zone (docs/rules.md "Shop time"). */
export const emailDay = (date: Date) => formatShopLongDate(date, siteSettings.SHOP_TIME_ZONE);

/** This year in the shop's time zone (the footer's copyright line). */
export const emailYear = (now: Date = new Date()) => shopYear(now, siteSettings.SHOP_TIME_ZONE);
