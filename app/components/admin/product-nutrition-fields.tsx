// The label facts inside the product's one save (docs/rules.md "Nutrition facts"): posted under
// `nutrition.` and read by `NutritionFormSchema`; each error beside its input (form-field.tsx).
import type { FieldMetadata } from "@conform-to/react";
import { SelectField, TextAreaField, TextField } from "~/components/form-field";
import {
  analysisField,
  editorRowCounts,
  feedingField,
  GUARANTEE_UNITS,
  NUTRITION_FORM_FIELD,
  SERVING_UNITS,
} from "~/models/nutrition";

// conform's fieldset of `nutrition`: any flat field name of the nutrition form.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fieldset = Record<string, FieldMetadata<any, any, string[]>>;

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

export function ProductNutritionFields({ fields, values }: { fields: Fieldset; values: Record<string, unknown> }) {
  const counts = editorRowCounts(values);
  return (
    <fieldset className="admin-nutrition">
      <legend>Nutrition (what the product page shows; leave every field empty for none)</legend>
      <input type="hidden" name={fields[NUTRITION_FORM_FIELD].name} value="1" />
      <TextAreaField field={fields.ingredients} label="Ingredients, one a line, in label order" rows={8} />
      <fieldset>
        <legend>Guaranteed analysis</legend>
        {Array.from({ length: counts.analysis }, (_, i) => (
          <div className="admin-actions" key={i}>
            <TextField field={fields[analysisField(i, "nutrient")]} label={`Nutrient ${i + 1}`} />
            <SelectField
              field={fields[analysisField(i, "basis")]}
              label="Min or max"
              options={options(["min", "max"])}
            />
            <TextField field={fields[analysisField(i, "value")]} label="Amount" inputMode="text" />
            <SelectField field={fields[analysisField(i, "unit")]} label="Unit" options={options(GUARANTEE_UNITS)} />
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend>Calorie content</legend>
        <div className="admin-actions">
          <TextField field={fields.kcalPerKg} label="kcal per kg" />
          <TextField field={fields.kcalPerUnit} label="kcal per serving unit" />
          <SelectField field={fields.calorieUnit} label="Serving unit" options={options(SERVING_UNITS)} />
          <TextField field={fields.unitSize} label="Serving size, like 8 oz" />
        </div>
      </fieldset>
      <fieldset>
        <legend>Feeding guide (daily amount by pet weight)</legend>
        <SelectField field={fields.feedingUnit} label="Amounts in" options={options(SERVING_UNITS)} />
        {Array.from({ length: counts.feeding }, (_, i) => (
          <div className="admin-actions" key={i}>
            <TextField field={fields[feedingField(i, "weightLb")]} label={`Pet weight ${i + 1} (lb)`} />
            <TextField field={fields[feedingField(i, "amount")]} label="Daily amount" />
          </div>
        ))}
      </fieldset>
      <TextAreaField field={fields.adequacy} label="Nutritional adequacy statement" rows={3} />
    </fieldset>
  );
}
