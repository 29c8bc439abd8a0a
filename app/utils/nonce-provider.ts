import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

/** Provides the request's CSP nonce to the document's script tags. */
export const NonceProvider = NonceContext.Provider;

/** The request's CSP nonce ("" in tests and without a server). */
export const useNonce = () => useContext(NonceContext);
