// The product's one save (docs/decisions.md "Back office: catalogue"): its fields, search title
// and description, pictures (order and alt text, one more from the library or an upload), each
// variant's picture and the label facts, in one conform form (`ProductSaveSchema`), each error
// beside its field. Removing a picture is its own post that asks first; its buttons submit the
// small forms after this one (the `form` attribute), so they work without JavaScript.
import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { CheckboxField, FieldError, FormError, SelectField, TextAreaField, TextField } from "~/components/form-field";
import { MAX_FEATURED_RANK, MAX_PRODUCT_IMAGES, ProductSaveSchema } from "~/models/admin-catalogue";
import { MAX_UPLOAD_BYTES } from "~/models/content-editor";
import { flattenNutritionForm, nestNutritionForm } from "~/models/nutrition";
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from "~/models/seo-limits";
import type { ActionReply } from "~/utils/form";
import { ProductNutritionFields } from "./product-nutrition-fields";
import { AdminThumb } from "./thumb";

interface Image {
  id: string;
  url: string;
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface EditorProduct {
  title: string;
  description: string;
  autoshipEligible: boolean;
  featuredRank: number | null;
  seoTitle: string | null;
  seoDescription: string | null;
  images: Image[];
  variants: { id: string; sku: string; title: string; image: Image | null }[];
}

/** The form's fields as conform reads them (the schema's input, typed for the fields it names). */
interface ProductForm {
  intent: string;
  title: string;
  description: string;
  autoshipEligible?: string;
  featuredRank: string;
  seoTitle: string;
  seoDescription: string;
  images: { id: string; alt: string; position: string }[];
  addImage?: string;
  upload?: File;
  uploadAlt?: string;
  variants: { id: string; image: string }[];
  nutrition: Record<string, unknown>;
}

const removeFormId = (imageId: string) => `remove-image-${imageId}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Field = FieldMetadata<any, any, string[]>;

function RemoveButton({ image, label }: { image: Image; label: string }) {
  return (
    <button type="submit" form={removeFormId(image.id)} className="button button--danger">
      {label}
    </button>
  );
}

export function ProductEditor({
  product,
  library,
  nutrition,
  canEdit,
  canRemove,
  reply,
}: {
  product: EditorProduct;
  library: { id: string; alt: string }[];
  nutrition: Record<string, string>;
  canEdit: boolean;
  canRemove: boolean;
  reply: ActionReply | undefined;
}) {
  const [form, fields] = useForm<ProductForm, unknown>({
    id: "product",
    lastResult: reply,
    constraint: getZodConstraint(ProductSaveSchema),
    shouldValidate: "onBlur",
    defaultValue: {
      title: product.title,
      description: product.description,
      autoshipEligible: product.autoshipEligible ? "on" : undefined,
      featuredRank: product.featuredRank === null ? "" : String(product.featuredRank),
      seoTitle: product.seoTitle ?? "",
      seoDescription: product.seoDescription ?? "",
      images: product.images.map((image, i) => ({ id: image.id, alt: image.alt, position: String(i + 1) })),
      variants: product.variants.map((v) => ({ id: v.id, image: "" })),
      // conform finds a default by the field's path, so the flat names are given nested.
      nutrition: nestNutritionForm(nutrition) as Record<string, string>,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProductSaveSchema }),
  });
  const posted = (reply?.initialValue as { nutrition?: unknown } | undefined)?.nutrition;
  const nutritionValues = posted ? flattenNutritionForm(posted) : nutrition;
  const choices = [
    { value: "", label: "Keep it as it is" },
    ...library.map((a) => ({ value: a.id, label: `${a.id}: ${a.alt}` })),
  ];
  const imageRows = fields.images.getFieldList();
  const variantRows = fields.variants.getFieldList();
  const removable = [...product.images, ...product.variants.flatMap((v) => (v.image ? [v.image] : []))];
  return (
    <section aria-labelledby="product-heading">
      <h2 id="product-heading">Product</h2>
      <Form method="post" encType="multipart/form-data" className="admin-form" {...getFormProps(form)}>
        <FormError errors={form.errors} id={form.errorId} />
        <fieldset disabled={!canEdit}>
          <legend className="visually-hidden">Product fields</legend>
          <TextField field={fields.title} label="Title" />
          <TextAreaField field={fields.description} label="Description" rows={5} />
          <CheckboxField field={fields.autoshipEligible} label="Autoship eligible" />
          <TextField
            field={fields.featuredRank}
            label="Featured rank (1 first; empty: not featured)"
            inputMode="numeric"
            hint={`From 1 to ${MAX_FEATURED_RANK}.`}
          />
          <fieldset>
            <legend>Search engines</legend>
            <TextField
              field={fields.seoTitle}
              label="Search title"
              hint={`At most ${SEO_TITLE_MAX} characters; empty: the title.`}
            />
            <TextAreaField
              field={fields.seoDescription}
              label="Search description"
              rows={3}
              hint={`At most ${SEO_DESCRIPTION_MAX} characters; empty: the description's first ${SEO_DESCRIPTION_MAX}.`}
            />
          </fieldset>
          <fieldset>
            <legend>Pictures (the shop shows them in this order, after a variant&apos;s own)</legend>
            {imageRows.length === 0 ? <p>No pictures of its own: each variant shows its own.</p> : null}
            {imageRows.map((row, i) => {
              const image = product.images[i];
              const set = row.getFieldset();
              return (
                <div className="admin-actions admin-image-row" key={row.key}>
                  {image ? <AdminThumb image={image} /> : null}
                  <input {...getInputProps(set.id as Field, { type: "hidden" })} />
                  <TextField
                    field={set.position as Field}
                    label={`Place (1 to ${MAX_PRODUCT_IMAGES})`}
                    inputMode="numeric"
                  />
                  <TextField field={set.alt as Field} label="Alt text" />
                  <FieldError field={set.id as Field} />
                  {image && canRemove ? <RemoveButton image={image} label={`Remove picture ${i + 1}`} /> : null}
                </div>
              );
            })}
            <SelectField
              field={fields.addImage}
              label="Add a picture from the library"
              options={choices.slice(1)}
              placeholder="None"
            />
            <div className="field">
              <label htmlFor={fields.upload.id}>
                Or upload a picture (JPEG or PNG, at most {MAX_UPLOAD_BYTES / 1024 / 1024} MB; it joins the library)
              </label>
              <input {...getInputProps(fields.upload, { type: "file" })} accept="image/jpeg,image/png" />
              <FieldError field={fields.upload} />
            </div>
            <TextField field={fields.uploadAlt} label="Alt text of the upload" />
          </fieldset>
          <fieldset>
            <legend>Variant pictures (each variant&apos;s own, shown before the product&apos;s)</legend>
            {variantRows.map((row, i) => {
              const variant = product.variants[i];
              const set = row.getFieldset();
              if (!variant) return null;
              return (
                <div className="admin-actions admin-image-row" key={row.key}>
                  {variant.image ? <AdminThumb image={variant.image} /> : <span>No picture of its own</span>}
                  <input {...getInputProps(set.id as Field, { type: "hidden" })} />
                  <SelectField
                    field={set.image as Field}
                    label={`Picture of ${variant.title} (${variant.sku})`}
                    options={choices.slice(1)}
                    placeholder={choices[0].label}
                  />
                  {variant.image && canRemove ? (
                    <RemoveButton image={variant.image} label={`Remove the picture of ${variant.sku}`} />
                  ) : null}
                </div>
              );
            })}
          </fieldset>
          <ProductNutritionFields
            fields={fields.nutrition.getFieldset() as Record<string, Field>}
            values={nutritionValues}
          />
          {canEdit ? (
            <button type="submit" name="intent" value="product" className="button">
              Save product
            </button>
          ) : null}
        </fieldset>
      </Form>
      {canRemove
        ? removable.map((image) => (
            <Form method="post" id={removeFormId(image.id)} key={image.id} hidden>
              <input type="hidden" name="intent" value="removeImage" />
              <input type="hidden" name="imageId" value={image.id} />
            </Form>
          ))
        : null}
    </section>
  );
}
