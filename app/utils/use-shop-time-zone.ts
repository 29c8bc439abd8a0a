// The shop's time zone a page writes dates in (docs/rules.md "Shop time"): the root loader's copy
// of SHOP_TIME_ZONE (publicEnv), so the server's text and the hydrated browser's agree. Every
// page, the back office included, sits under the root route.
import { useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_SHOP_TIME_ZONE } from "~/models/shop-time";

export function useShopTimeZone(): string {
  const data = useRouteLoaderData("root") as { env?: { SHOP_TIME_ZONE?: string } } | undefined;
  return data?.env?.SHOP_TIME_ZONE ?? DEFAULT_SHOP_TIME_ZONE;
}
