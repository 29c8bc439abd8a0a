// The honeypot fields of the public forms (docs/security.md; the server half is remix-utils'
// Honeypot in app/services/http/honeypot.server.ts). The same markup as remix-utils'
// HoneypotInputs, which writes autocomplete="nope": not an autofill token, so the W3C checker
// refuses it (docs/rules.md "Valid HTML and no sideways scroll"). Here it is "off"; the fields
// are display:none, which browsers never autofill.
import { createContext, useContext, type ReactNode } from "react";

interface HoneypotInputProps {
  nameFieldName?: string;
  validFromFieldName?: string | null;
  encryptedValidFrom?: string;
}

const HoneypotContext = createContext<HoneypotInputProps>({});

export function HoneypotProvider({ children, ...props }: HoneypotInputProps & { children: ReactNode }) {
  return <HoneypotContext.Provider value={props}>{children}</HoneypotContext.Provider>;
}

export function HoneypotInputs({ label = "Please leave this field blank" }: { label?: string }) {
  const {
    nameFieldName = "name__confirm",
    validFromFieldName = "from__confirm",
    encryptedValidFrom,
  } = useContext(HoneypotContext);
  return (
    <div id={`${nameFieldName}_wrap`} style={{ display: "none" }} aria-hidden="true">
      <label htmlFor={nameFieldName}>{label}</label>
      <input id={nameFieldName} name={nameFieldName} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      {validFromFieldName && encryptedValidFrom ? (
        <>
          <label htmlFor={validFromFieldName}>{label}</label>
          <input
            id={validFromFieldName}
            name={validFromFieldName}
            type="text"
            value={encryptedValidFrom}
            readOnly
            autoComplete="off"
            tabIndex={-1}
          />
        </>
      ) : null}
    </div>
  );
}
