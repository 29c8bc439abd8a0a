// /account/profile: the same page as /account/my-profile (shop-core spec section 2 lists both).
export { action, loader, meta, default, ErrorBoundary } from "./account.my-profile";
