// The staff-feeding registration step (shop-core spec section 4): find
// the clinic or school (a GET search form), then role, graduation year and the
// chosen clinic in one post. Works without JavaScript; conform validates as you
// type with it.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { FieldError, FormError, SelectField } from "~/components/form-field";
import { registrationSchema } from "~/models/staff-program-forms";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";
import { roleFor, type ClinicSearchType } from "~/models/staff-program";

export interface ClinicChoice {
  groupID: string;
  name: string;
  kind: "clinic" | "school";
  address1: string;
  city: string;
  provinceCode: string;
  zip: string;
  SFHomeDeliveryOnly: boolean;
}

export interface ProgramStepProps {
  firstName: string;
  roles: { code: string; label: string }[];
  years: number[];
  search: { searchType: ClinicSearchType; searchTerm: string };
  searchError: string | null;
  results: ClinicChoice[] | null;
  redirect: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}

const SEARCH_TYPES: { value: ClinicSearchType; label: string }[] = [
  { value: "name", label: "Name" },
  { value: "city", label: "City" },
  { value: "zip", label: "Zip code" },
];

export function ProgramStep(props: ProgramStepProps) {
  const zone = useShopTimeZone();
  const schema = useMemo(() => registrationSchema(new Date(), zone), [zone]);
  const [form, fields] = useForm({
    id: "staff-registration",
    lastResult: props.lastResult,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const student = roleFor(typeof fields.roleCode.value === "string" ? fields.roleCode.value : null)?.student ?? false;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.formMethod === "GET";
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  return (
    <div className="bare-page staff-registration">
      <h1>Complete your registration</h1>
      <p>
        Welcome, {props.firstName}. Tell us what you do and where you work or study. Your clinic or school is where
        program orders ship, and it decides your program pricing.
      </p>

      <section aria-labelledby="clinic-search-heading">
        <h2 id="clinic-search-heading">1. Find your clinic or school</h2>
        <Form method="get" role="search" className="clinic-search" aria-label="Find your clinic or school">
          {props.redirect ? <input type="hidden" name="redirect" value={props.redirect} /> : null}
          <div className="field">
            <label htmlFor="clinic-search-type">Search by</label>
            <select id="clinic-search-type" name="searchType" defaultValue={props.search.searchType}>
              {SEARCH_TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="clinic-search-term">Clinic or school</label>
            <input
              id="clinic-search-term"
              name="searchTerm"
              defaultValue={props.search.searchTerm}
              maxLength={60}
              aria-invalid={props.searchError ? true : undefined}
              aria-describedby={props.searchError ? "clinic-search-error" : undefined}
            />
            {props.searchError ? (
              <p id="clinic-search-error" className="field__error">
                {props.searchError}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button" disabled={searching}>
            {searching ? "Searching…" : "Find clinic or school"}
          </button>
        </Form>
      </section>

      <section aria-labelledby="about-you-heading">
        <h2 id="about-you-heading">2. About you</h2>
        <Form method="post" {...getFormProps(form)} className="bare-page__form">
          <input type="hidden" name="intent" value="program" />
          <FormError errors={form.errors} id={form.errorId} />
          <SelectField
            field={fields.roleCode}
            label="What do you do?"
            placeholder="Choose one"
            options={props.roles.map((role) => ({ value: role.code, label: role.label }))}
          />
          <SelectField
            field={fields.graduationYear}
            label={student ? "Graduation year" : "Graduation year (students only)"}
            placeholder="Not a student"
            options={props.years.map((year) => ({ value: String(year), label: String(year) }))}
          />
          <fieldset className="checkout-choice clinic-results" aria-describedby={fields.groupId.errorId}>
            <legend>Your clinic or school</legend>
            {props.results === null ? (
              <p>Search above to find your clinic or school.</p>
            ) : props.results.length === 0 ? (
              <p role="status">
                No clinic or school matches “{props.search.searchTerm}”. Try another name, city or zip code.
              </p>
            ) : (
              <>
                <p role="status" className="visually-hidden">
                  {props.results.length} found.
                </p>
                {props.results.map((clinic) => (
                  <label key={clinic.groupID} className="checkout-choice__option">
                    <input
                      type="radio"
                      name={fields.groupId.name}
                      value={clinic.groupID}
                      defaultChecked={fields.groupId.initialValue === clinic.groupID || props.results?.length === 1}
                    />{" "}
                    <strong>{clinic.name}</strong> ({clinic.kind === "school" ? "school" : "clinic"}) —{" "}
                    {clinic.address1}, {clinic.city}, {clinic.provinceCode} {clinic.zip}
                    {clinic.SFHomeDeliveryOnly ? (
                      <span className="clinic-results__note"> · ships to home only</span>
                    ) : null}
                  </label>
                ))}
              </>
            )}
            <FieldError field={fields.groupId} />
          </fieldset>
          <button type="submit" className="button button--primary button--large" disabled={busy}>
            {busy ? "Registering…" : "Complete registration"}
          </button>
        </Form>
      </section>
    </div>
  );
}
