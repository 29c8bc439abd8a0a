// Form fields for conform forms: a label, the control, and its error beside it
// (docs/architecture.md "Forms and the JSON API"). conform's props wire
// aria-invalid and aria-describedby.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, type ReactNode } from "react";
import { NEW_PASSWORD_HINT } from "~/models/account-forms";
import { US_STATES } from "~/models/checkout";
import { inputConstraints, selectRequired } from "~/models/html-constraints";

// Fields of union schemas (discriminated unions) come typed loosely; any field of a form fits.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = FieldMetadata<any, any, string[]>;

interface FieldProps {
  field: AnyField;
  label: string;
  hint?: ReactNode;
}

/** conform's props of an input, without the constraints HTML forbids on its type (docs/rules.md "Valid HTML and no sideways scroll"). */
export function inputProps(field: AnyField, options: Parameters<typeof getInputProps>[1]) {
  return inputConstraints(options.type, getInputProps(field, options));
}

/** conform's props of a select: `required` only when its first option is the empty placeholder. */
export function selectProps(field: AnyField, { placeholder }: { placeholder: boolean }) {
  const props = getSelectProps(field);
  return { ...props, required: selectRequired(props.required, placeholder) };
}

export function FieldError({ field }: { field: FieldProps["field"] }) {
  return field.errors?.length ? (
    <p id={field.errorId} className="field__error">
      {field.errors[0]}
    </p>
  ) : null;
}

export function TextField({
  field,
  label,
  hint,
  type = "text",
  autoComplete,
  inputMode,
  className,
  required,
}: FieldProps & {
  type?: "text" | "email" | "tel" | "password";
  autoComplete?: string;
  inputMode?: "numeric" | "text" | "email" | "tel";
  className?: string;
  /** Whether the field is needed, where the schema cannot say (a field of one branch of a union). */
  required?: boolean;
}) {
  const needed = required ?? field.required;
  return (
    <div className={`field${className ? ` ${className}` : ""}`}>
      <label htmlFor={field.id}>
        {label}
        {needed ? null : <span className="field__optional"> (optional)</span>}
      </label>
      {hint ? <p className="field__hint">{hint}</p> : null}
      <input {...inputProps(field, { type })} required={needed} autoComplete={autoComplete} inputMode={inputMode} />
      <FieldError field={field} />
    </div>
  );
}

/** A multi-line text field (a message), with its hint and error tied to it. */
export function TextAreaField({ field, label, hint, rows = 6 }: FieldProps & { rows?: number }) {
  return (
    <div className="field">
      <label htmlFor={field.id}>
        {label}
        {field.required ? null : <span className="field__optional"> (optional)</span>}
      </label>
      {hint ? (
        <p id={`${field.id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <textarea {...getTextareaProps(field, { ariaDescribedBy: hint ? `${field.id}-hint` : undefined })} rows={rows} />
      <FieldError field={field} />
    </div>
  );
}

export function SelectField({
  field,
  label,
  options,
  autoComplete,
  placeholder,
}: FieldProps & {
  options: { value: string; label: string; disabled?: boolean }[];
  autoComplete?: string;
  placeholder?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select {...selectProps(field, { placeholder: Boolean(placeholder) })} autoComplete={autoComplete}>
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError field={field} />
    </div>
  );
}

export function CheckboxField({ field, label }: FieldProps) {
  return (
    <div className="field field--checkbox">
      <label htmlFor={field.id}>
        <input {...inputProps(field, { type: "checkbox" })} /> {label}
      </label>
      <FieldError field={field} />
    </div>
  );
}

/** A form-level error (a refused payment, a stale page), announced at once. */
export function FormError({ errors, id }: { errors?: string[]; id?: string }) {
  return errors?.length ? (
    <div id={id} className="notice notice--error" role="alert">
      {errors[0]}
    </div>
  ) : null;
}

/**
 * Empties password inputs after the server refused a form. Without JavaScript
 * the re-rendered page never holds them (`hideFields`); with it the inputs are
 * already on the page, so they are cleared here.
 */
export function useClearPasswords(lastResult: { status?: string } | undefined, fields: AnyField[]) {
  const ids = fields.map((field) => field.id).join(" ");
  useEffect(() => {
    if (lastResult?.status !== "error") return;
    for (const id of ids.split(" ")) {
      const input = document.getElementById(id);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [lastResult, ids]);
}

/** A new password and its confirmation, with the password rule as the hint. */
export function NewPasswordFields({
  password,
  confirm,
  label = "New password",
  confirmLabel = "Confirm new password",
}: {
  password: AnyField;
  confirm: AnyField;
  label?: string;
  confirmLabel?: string;
}) {
  return (
    <>
      <TextField field={password} label={label} type="password" autoComplete="new-password" hint={NEW_PASSWORD_HINT} />
      <TextField field={confirm} label={confirmLabel} type="password" autoComplete="new-password" />
    </>
  );
}

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: s.name }));

/**
 * The postal-address fields of the address book and the checkout's shipping
 * step (US states and DC only). `section` prefixes the autocomplete tokens
 * ("shipping" at checkout).
 */
export function AddressFields({
  fields,
  section,
}: {
  /** The form's fields: an address schema's (firstName … phone), plus any others it has. */
  fields: Record<string, AnyField>;
  section?: "shipping";
}) {
  const auto = (token: string) => (section ? `${section} ${token}` : token);
  return (
    <>
      <div className="field-row">
        <TextField field={fields.firstName} label="First name" autoComplete={auto("given-name")} />
        <TextField field={fields.lastName} label="Last name" autoComplete={auto("family-name")} />
      </div>
      <TextField field={fields.company} label="Company" autoComplete={auto("organization")} />
      <TextField field={fields.address1} label="Street address" autoComplete={auto("address-line1")} />
      <TextField field={fields.address2} label="Apartment, suite, etc." autoComplete={auto("address-line2")} />
      <div className="field-row">
        <TextField field={fields.city} label="City" autoComplete={auto("address-level2")} />
        <SelectField
          field={fields.provinceCode}
          label="State"
          options={STATE_OPTIONS}
          placeholder="Choose a state"
          autoComplete={auto("address-level1")}
        />
        <TextField field={fields.zip} label="Zip code" autoComplete={auto("postal-code")} inputMode="numeric" />
      </div>
      <TextField field={fields.phone} label="Phone" type="tel" autoComplete={auto("tel")} />
      <p className="field__hint">We ship within the United States (the 50 states and DC).</p>
    </>
  );
}
