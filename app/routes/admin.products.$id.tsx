// /admin/products/:id: one product and its variants (docs/rules.md "Back office: catalogue").
// catalogue.view reads it; catalogue.edit saves the product's fields (intent "product") or one
// variant's price, compare-at price, units and badges (intent "variant"). Every process serves
// the change within one freshness poll (the service bumps the catalogue's DataVersion).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { can } from "~/models/admin-roles";
import {
  destinationAvailability,
  dollarsOf,
  MAX_FEATURED_RANK,
  ProductEditSchema,
  SITE_CHANNEL_LABELS,
  TAGGABLE_BADGE_LABELS,
  TAGGABLE_BADGES,
  VariantEditSchema,
} from "~/models/admin-catalogue";
import { BRAND_LABELS } from "~/models/brands";
import { nutritionFormValues } from "~/models/nutrition";
import { AdminNutritionFields } from "~/components/admin-nutrition-fields";
import { formatMoney } from "~/models/money";
import { sitePolicy } from "~/models/site-policy";
import { SITE_IDS } from "~/models/site";
import { ADMIN_NO_STORE, backWithNotice, requireAdmin } from "~/services/admin/index.server";
import { catalogueAdmin } from "~/services/commerce/index.server";
import { stock } from "~/services/stock/index.server";
import { pageNotFound, readFormData } from "~/utils/form.server";
import { requireCommerceFeature } from "~/utils/commerce-feature.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.product.title ?? "Product"} · Back office` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "catalogue.view");
  requireCommerceFeature("embeddedCatalogueEditing");
  const product = await catalogueAdmin.get(params.id ?? "");
  if (!product) throw pageNotFound("No product has this id.");
  const [home] = await stock.getCoverage("HOME");
  const homeRanges = home?.all_zips.length ?? 0;
  return json(
    {
      product,
      canEdit: can(admin.role, "catalogue.edit"),
      nutrition: nutritionFormValues(product.nutrition),
      homeRanges,
      availability: Object.fromEntries(
        product.variants.map((v) => [v.id, destinationAvailability(v.inventory, homeRanges)]),
      ),
      channels: SITE_IDS.map((site) => ({
        field: sitePolicy(site).soldOnFlag,
        label: SITE_CHANNEL_LABELS[site],
        checked: product[sitePolicy(site).soldOnFlag],
      })),
    },
    { headers: ADMIN_NO_STORE },
  );
}

type FieldErrors = Record<string, string>;
interface Reply {
  /** "product" or the variant's id: which form the errors belong to. */
  form: string;
  errors: FieldErrors;
  values: Record<string, string | string[]>;
}

function errorsOf(issues: { path: (string | number)[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

const valuesOf = (form: FormData): Reply["values"] => {
  const values: Reply["values"] = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key).map(String);
    values[key] = key === "badges" ? all : all[0];
  }
  return values;
};

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "catalogue.edit");
  requireCommerceFeature("embeddedCatalogueEditing");
  const form = await readFormData(request);
  const productId = params.id ?? "";
  const here = `/admin/products/${productId}`;
  const intent = form.get("intent");
  if (intent === "product") {
    const parsed = ProductEditSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      return json<Reply>(
        { form: "product", errors: errorsOf(parsed.error.issues), values: valuesOf(form) },
        { status: 400, headers: ADMIN_NO_STORE },
      );
    }
    const result = await catalogueAdmin.updateProduct(admin, productId, parsed.data);
    if (result === null) throw pageNotFound("No product has this id.");
    return backWithNotice(request, here, {
      tone: result === "saved" ? "success" : "info",
      message: result === "saved" ? "Product saved." : "Nothing changed.",
    });
  }
  if (intent === "variant") {
    const variantId = String(form.get("variantId") ?? "");
    const parsed = VariantEditSchema.safeParse({
      priceCents: form.get("price") ?? undefined,
      compareAtPriceCents: form.get("compareAtPrice") ?? undefined,
      inventory: form.get("inventory") ?? undefined,
      badges: form.getAll("badges"),
    });
    if (!parsed.success) {
      const fieldName: Record<string, string> = { priceCents: "price", compareAtPriceCents: "compareAtPrice" };
      const errors = Object.fromEntries(
        Object.entries(errorsOf(parsed.error.issues)).map(([key, message]) => [fieldName[key] ?? key, message]),
      );
      return json<Reply>({ form: variantId, errors, values: valuesOf(form) }, { status: 400, headers: ADMIN_NO_STORE });
    }
    const result = await catalogueAdmin.updateVariant(admin, productId, variantId, parsed.data);
    if (result === null) throw pageNotFound("No variant of this product has this id.");
    return backWithNotice(request, here, {
      tone: result === "saved" ? "success" : "info",
      message: result === "saved" ? "Variant saved." : "Nothing changed.",
    });
  }
  return json({ message: "Choose what to save." }, { status: 400, headers: ADMIN_NO_STORE });
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <span className="field__error" id={id}>
      {message}
    </span>
  ) : null;
}

/** Props tying an input to its error. */
const invalid = (errorId: string, message?: string) =>
  message ? { "aria-invalid": true as const, "aria-describedby": errorId } : {};

export default function AdminProduct() {
  const { product, canEdit, availability, channels, homeRanges, nutrition } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const replied = reply && "form" in reply ? reply : null;
  const productErrors = replied?.form === "product" ? replied.errors : {};
  const productValues = replied?.form === "product" ? replied.values : null;
  const text = (key: string, fallback: string) =>
    productValues && typeof productValues[key] === "string" ? (productValues[key] as string) : fallback;
  return (
    <>
      <p>
        <Link to="/admin/products">Back to the catalogue</Link>
      </p>
      <h1>{product.title}</h1>
      <p>
        {BRAND_LABELS[product.brand] ?? product.brand} · {product.handle} · lowest price{" "}
        {formatMoney(product.minPriceCents)}
      </p>
      {reply && "message" in reply ? (
        <p className="notice notice--error" role="alert">
          {reply.message}
        </p>
      ) : null}
      {!canEdit ? <p>You can look at the catalogue; changing it needs the merchandiser role.</p> : null}

      <h2>Product</h2>
      <Form method="post" aria-label="Product">
        <fieldset disabled={!canEdit}>
          <legend className="visually-hidden">Product fields</legend>
          <input type="hidden" name="intent" value="product" />
          <p className="field">
            <label htmlFor="product-title">Title</label>
            <input
              id="product-title"
              name="title"
              type="text"
              required
              defaultValue={text("title", product.title)}
              {...invalid("product-title-error", productErrors.title)}
            />
            <FieldError id="product-title-error" message={productErrors.title} />
          </p>
          <p className="field">
            <label htmlFor="product-description">Description</label>
            <textarea
              id="product-description"
              name="description"
              rows={5}
              defaultValue={text("description", product.description)}
              {...invalid("product-description-error", productErrors.description)}
            />
            <FieldError id="product-description-error" message={productErrors.description} />
          </p>
          <fieldset>
            <legend>Published on</legend>
            {channels.map((channel) => (
              <p className="field field--checkbox" key={channel.field}>
                <label>
                  <input
                    type="checkbox"
                    name={channel.field}
                    defaultChecked={productValues ? productValues[channel.field] === "on" : channel.checked}
                  />{" "}
                  {channel.label}
                </label>
              </p>
            ))}
          </fieldset>
          <p className="field field--checkbox">
            <label>
              <input
                type="checkbox"
                name="autoshipEligible"
                defaultChecked={productValues ? productValues.autoshipEligible === "on" : product.autoshipEligible}
              />{" "}
              Autoship eligible
            </label>
          </p>
          <p className="field">
            <label htmlFor="product-rank">Featured rank (1 first; empty: not featured)</label>
            <input
              id="product-rank"
              name="featuredRank"
              type="text"
              inputMode="numeric"
              defaultValue={text("featuredRank", product.featuredRank === null ? "" : String(product.featuredRank))}
              {...invalid("product-rank-error", productErrors.featuredRank)}
            />
            <FieldError id="product-rank-error" message={productErrors.featuredRank} />
            <span className="field__hint">From 1 to {MAX_FEATURED_RANK}.</span>
          </p>
          <AdminNutritionFields values={productValues ?? nutrition} errors={productErrors} />
          {canEdit ? (
            <button type="submit" className="button">
              Save product
            </button>
          ) : null}
        </fieldset>
      </Form>

      <h2>Variants</h2>
      {homeRanges === 0 ? <p>No zip is covered for home delivery: home orders cannot be placed.</p> : null}
      {product.variants.map((variant) => {
        const errors = replied?.form === variant.id ? replied.errors : {};
        const values = replied?.form === variant.id ? replied.values : null;
        const value = (key: string, fallback: string) =>
          values && typeof values[key] === "string" ? (values[key] as string) : fallback;
        const chosen = values ? ((values.badges as string[] | undefined) ?? []) : variant.badges;
        const where = availability[variant.id];
        const prefix = `variant-${variant.id}`;
        return (
          <section key={variant.id} aria-labelledby={`${prefix}-heading`} className="admin-variant">
            <h3 id={`${prefix}-heading`}>
              {variant.title} <small>({variant.sku})</small>
            </h3>
            <p>
              Home delivery: {where.home ? "can be ordered" : "cannot be ordered"} · Clinic delivery:{" "}
              {where.clinic ? "can be ordered" : "cannot be ordered"} (one pool of units serves both)
            </p>
            <Form method="post" aria-label={`Variant ${variant.sku}`}>
              <fieldset disabled={!canEdit}>
                <legend className="visually-hidden">Variant {variant.sku}</legend>
                <input type="hidden" name="intent" value="variant" />
                <input type="hidden" name="variantId" value={variant.id} />
                <div className="admin-actions">
                  <p className="field">
                    <label htmlFor={`${prefix}-price`}>Price ($)</label>
                    <input
                      id={`${prefix}-price`}
                      name="price"
                      type="text"
                      inputMode="decimal"
                      required
                      defaultValue={value("price", dollarsOf(variant.priceCents))}
                      {...invalid(`${prefix}-price-error`, errors.price)}
                    />
                    <FieldError id={`${prefix}-price-error`} message={errors.price} />
                  </p>
                  <p className="field">
                    <label htmlFor={`${prefix}-compare`}>Compare-at price ($, optional)</label>
                    <input
                      id={`${prefix}-compare`}
                      name="compareAtPrice"
                      type="text"
                      inputMode="decimal"
                      defaultValue={value(
                        "compareAtPrice",
                        variant.compareAtPriceCents === null ? "" : dollarsOf(variant.compareAtPriceCents),
                      )}
                      {...invalid(`${prefix}-compare-error`, errors.compareAtPrice)}
                    />
                    <FieldError id={`${prefix}-compare-error`} message={errors.compareAtPrice} />
                  </p>
                  <p className="field">
                    <label htmlFor={`${prefix}-units`}>Units in stock</label>
                    <input
                      id={`${prefix}-units`}
                      name="inventory"
                      type="text"
                      inputMode="numeric"
                      required
                      defaultValue={value("inventory", String(variant.inventory))}
                      {...invalid(`${prefix}-units-error`, errors.inventory)}
                    />
                    <FieldError id={`${prefix}-units-error`} message={errors.inventory} />
                  </p>
                </div>
                <fieldset aria-describedby={errors.badges ? `${prefix}-badges-error` : undefined}>
                  <legend>Badges</legend>
                  <div className="admin-actions">
                    {TAGGABLE_BADGES.map((key) => (
                      <label key={key}>
                        <input type="checkbox" name="badges" value={key} defaultChecked={chosen.includes(key)} />{" "}
                        {TAGGABLE_BADGE_LABELS[key]}
                      </label>
                    ))}
                  </div>
                  <FieldError id={`${prefix}-badges-error`} message={errors.badges} />
                </fieldset>
                {canEdit ? (
                  <button type="submit" className="button">
                    Save variant {variant.sku}
                  </button>
                ) : null}
              </fieldset>
            </Form>
          </section>
        );
      })}
    </>
  );
}
