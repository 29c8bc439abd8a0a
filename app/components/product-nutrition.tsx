// What a pet owner reads on the label before buying (docs/rules.md "Nutrition facts"): plain
// sections and tables from the catalogue's nutrition, so it reads without JavaScript and each
// table scrolls in its own box at narrow widths.
import type { Nutrition } from "~/models/nutrition";
import { formatAmount, formatCalories, formatGuarantee, ingredientList, unitName } from "~/models/nutrition-labels";
import { TableBox } from "./table-box";

export function ProductNutrition({ nutrition }: { nutrition: Nutrition | null }) {
  if (!nutrition) return null;
  const { feeding } = nutrition;
  return (
    <section className="product-nutrition" aria-labelledby="product-nutrition-title">
      <h2 id="product-nutrition-title">Nutrition</h2>
      <section>
        <h3 id="product-ingredients-title">Ingredients</h3>
        <p>{ingredientList(nutrition)}.</p>
      </section>
      <section>
        <h3 id="product-analysis-title">Guaranteed analysis</h3>
        <TableBox label="Guaranteed analysis">
          <table className="product-nutrition__table">
            <caption className="visually-hidden">Guaranteed analysis</caption>
            <thead>
              <tr>
                <th scope="col">Nutrient</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {nutrition.analysis.map((g) => (
                <tr key={`${g.nutrient}-${g.basis}`}>
                  <th scope="row">{g.nutrient}</th>
                  <td>{formatGuarantee(g)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      </section>
      <section>
        <h3 id="product-calories-title">Calorie content</h3>
        <p>{formatCalories(nutrition.calories)} (calculated).</p>
      </section>
      {feeding.rows.length ? (
        <section>
          <h3 id="product-feeding-title">Feeding guide</h3>
          <TableBox label="Feeding guide">
            <table className="product-nutrition__table">
              <caption className="visually-hidden">Daily amount by pet weight</caption>
              <thead>
                <tr>
                  <th scope="col">Pet weight</th>
                  <th scope="col">Daily amount</th>
                </tr>
              </thead>
              <tbody>
                {feeding.rows.map((row) => (
                  <tr key={row.weightLb}>
                    <th scope="row">{row.weightLb} lb</th>
                    <td>
                      {formatAmount(row.amount)} {unitName(feeding.unit, row.amount)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
          <p className="product-nutrition__note">
            A starting point: adjust to keep your pet at a healthy weight, and split the amount into meals.
          </p>
        </section>
      ) : null}
      <section>
        <h3 id="product-adequacy-title">Nutritional adequacy</h3>
        <p>{nutrition.adequacy}</p>
      </section>
    </section>
  );
}
