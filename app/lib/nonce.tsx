import { createContext, useContext } from "react";

// The per-request CSP nonce. Set in entry.server from the load context; empty in the browser,
// where the nonce is neither needed nor readable.
const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
