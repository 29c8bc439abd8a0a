// The back office's nutrition fields inside the product form (docs/rules.md "Nutrition facts"):
// saved with the product's one save and read by `NutritionFormSchema`. Each input names the flat
// field its error comes back on.
import {
  analysisField,
  editorRowCounts,
  feedingField,
  GUARANTEE_UNITS,
  NUTRITION_FORM_FIELD,
  SERVING_UNITS,
} from "~/models/nutrition";

type Values = Record<string, string | string[] | undefined>;

function Field({
  name,
  label,
  values,
  errors,
  rows,
  hint,
}: {
  name: string;
  label: string;
  values: Values;
  errors: Record<string, string>;
  rows?: number;
  hint?: string;
}) {
  const id = `nutrition-${name.replace(/\./g, "-")}`;
  const error = errors[name];
  const props = {
    id,
    name,
    defaultValue: String(values[name] ?? ""),
    ...(error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {}),
  };
  return (
    <p className="field">
      <label htmlFor={id}>{label}</label>
      {rows ? <textarea {...props} rows={rows} /> : <input {...props} type="text" />}
      {error ? (
        <span className="field__error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
      {hint ? <span className="field__hint">{hint}</span> : null}
    </p>
  );
}

function Choice({
  name,
  label,
  options,
  values,
}: {
  name: string;
  label: string;
  options: readonly string[];
  values: Values;
}) {
  const id = `nutrition-${name.replace(/\./g, "-")}`;
  return (
    <p className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={String(values[name] ?? options[0])}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </p>
  );
}

export function AdminNutritionFields({ values, errors }: { values: Values; errors: Record<string, string> }) {
  const counts = editorRowCounts(values);
  const shared = { values, errors };
  return (
    <fieldset className="admin-nutrition">
      <legend>Nutrition (what the product page shows; leave every field empty for none)</legend>
      <input type="hidden" name={NUTRITION_FORM_FIELD} value="1" />
      <Field name="ingredients" label="Ingredients, one a line, in label order" rows={8} {...shared} />
      <fieldset>
        <legend>Guaranteed analysis</legend>
        {Array.from({ length: counts.analysis }, (_, i) => (
          <div className="admin-actions" key={i}>
            <Field name={analysisField(i, "nutrient")} label={`Nutrient ${i + 1}`} {...shared} />
            <Choice name={analysisField(i, "basis")} label="Min or max" options={["min", "max"]} values={values} />
            <Field name={analysisField(i, "value")} label="Amount" {...shared} />
            <Choice name={analysisField(i, "unit")} label="Unit" options={GUARANTEE_UNITS} values={values} />
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend>Calorie content</legend>
        <div className="admin-actions">
          <Field name="kcalPerKg" label="kcal per kg" {...shared} />
          <Field name="kcalPerUnit" label="kcal per serving unit" {...shared} />
          <Choice name="calorieUnit" label="Serving unit" options={SERVING_UNITS} values={values} />
          <Field name="unitSize" label="Serving size (optional, like 8 oz)" {...shared} />
        </div>
      </fieldset>
      <fieldset>
        <legend>Feeding guide (daily amount by pet weight)</legend>
        <Choice name="feedingUnit" label="Amounts in" options={SERVING_UNITS} values={values} />
        {Array.from({ length: counts.feeding }, (_, i) => (
          <div className="admin-actions" key={i}>
            <Field name={feedingField(i, "weightLb")} label={`Pet weight ${i + 1} (lb)`} {...shared} />
            <Field name={feedingField(i, "amount")} label="Daily amount" {...shared} />
          </div>
        ))}
      </fieldset>
      <Field name="adequacy" label="Nutritional adequacy statement" rows={3} {...shared} />
    </fieldset>
  );
}
