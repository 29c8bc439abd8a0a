// Page-type labels for breadcrumbs and tracking (shop-core spec section 2).

export const PAGE_TYPES = [
  "product detail",
  "product list",
  "category list",
  "search results",
  "home",
  "My Account",
  "My Profile",
  "My Orders",
  "My Order Details",
  "My Autoships",
  "Address Book",
  "other",
] as const;

export type PageType = (typeof PAGE_TYPES)[number];

/** The page type of a path; `productPage` tells a product under /products/… from a category listing. */
export function pageTypeOf(pathname: string, productPage = false): PageType {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/") return "home";
  if (path === "/search") return "search results";
  if (path === "/products") return "product list";
  if (path.startsWith("/products/")) return productPage ? "product detail" : "category list";
  if (path === "/account/dashboard") return "My Account";
  if (path === "/account/my-profile" || path === "/account/profile") return "My Profile";
  if (path === "/account/orders") return "My Orders";
  if (path.startsWith("/account/orders/")) return "My Order Details";
  if (path === "/account/autoships") return "My Autoships";
  if (path === "/account/address-book") return "Address Book";
  return "other";
}
