// /account/login is the sign-in page under another path (shop-core spec section 2).
export { action, ErrorBoundary, loader, meta, default } from "./shelter.login";
