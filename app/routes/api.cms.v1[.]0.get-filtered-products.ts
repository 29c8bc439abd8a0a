// The spec gives get-filtered-products the same body and answer as get-products
// (catalogue spec section 7), so one implementation serves both paths.
export { action, loader } from "./api.cms.v1[.]0.get-products";
