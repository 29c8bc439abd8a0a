// Listing cards by handles: the same answer as get-products-by-handles (catalogue spec section 7).
export { action, loader } from "./api.ecom.v1[.]0.get-products-by-handles";
