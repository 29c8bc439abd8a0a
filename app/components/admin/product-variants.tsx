// A product's variants in the back office (docs/rules.md "Back office: catalogue"): where each can
// be ordered, and its own save of price, compare-at price, units and badges (`VariantEditSchema`
// through `PRODUCT_INTENTS.variant`), each error beside its field.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { FieldError, FormError, TextField } from "~/components/form-field";
import {
  dollarsOf,
  PRODUCT_INTENTS,
  TAGGABLE_BADGE_LABELS,
  TAGGABLE_BADGES,
  type DestinationAvailability,
} from "~/models/admin-catalogue";
import type { ActionReply } from "~/utils/form";

interface Variant {
  id: string;
  sku: string;
  title: string;
  priceCents: number;
  compareAtPriceCents: number | null;
  inventory: number;
  badges: string[];
}

const schema = PRODUCT_INTENTS.variant.schema;

function VariantForm({ variant, canEdit, reply }: { variant: Variant; canEdit: boolean; reply?: ActionReply }) {
  const [form, fields] = useForm({
    id: `variant-${variant.id}`,
    lastResult: reply,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    defaultValue: {
      price: dollarsOf(variant.priceCents),
      compareAtPrice: variant.compareAtPriceCents === null ? "" : dollarsOf(variant.compareAtPriceCents),
      inventory: String(variant.inventory),
      badges: variant.badges,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const chosen = new Set([fields.badges.initialValue ?? []].flat());
  return (
    <Form method="post" aria-label={`Variant ${variant.sku}`} {...getFormProps(form)}>
      <FormError errors={form.errors} id={form.errorId} />
      <fieldset disabled={!canEdit}>
        <legend className="visually-hidden">Variant {variant.sku}</legend>
        <input type="hidden" name="variantId" value={variant.id} />
        <div className="admin-actions">
          <TextField field={fields.price} label="Price ($)" inputMode="text" required />
          <TextField field={fields.compareAtPrice} label="Compare-at price ($)" inputMode="text" />
          <TextField field={fields.inventory} label="Units in stock" inputMode="numeric" required />
        </div>
        <fieldset aria-describedby={fields.badges.errors ? fields.badges.errorId : undefined}>
          <legend>Badges</legend>
          <div className="admin-actions">
            {TAGGABLE_BADGES.map((key) => (
              <label key={key}>
                <input
                  {...getInputProps(fields.badges, { type: "checkbox", value: key })}
                  defaultChecked={chosen.has(key)}
                  id={`${fields.badges.id}-${key}`}
                />{" "}
                {TAGGABLE_BADGE_LABELS[key]}
              </label>
            ))}
          </div>
          <FieldError field={fields.badges} />
        </fieldset>
        {canEdit ? (
          <button type="submit" name="intent" value="variant" className="button">
            Save variant {variant.sku}
          </button>
        ) : null}
      </fieldset>
    </Form>
  );
}

export function ProductVariants({
  variants,
  availability,
  homeRanges,
  canEdit,
  reply,
}: {
  variants: Variant[];
  availability: Record<string, DestinationAvailability>;
  homeRanges: number;
  canEdit: boolean;
  reply: ActionReply | undefined;
}) {
  // One reply for the page's variant forms: the form whose variant was posted shows it.
  const postedVariant = (reply?.initialValue as { variantId?: unknown } | undefined)?.variantId;
  return (
    <section aria-labelledby="variants-heading">
      <h2 id="variants-heading">Variants</h2>
      {homeRanges === 0 ? <p>No zip is covered for home delivery: home orders cannot be placed.</p> : null}
      {variants.map((variant) => {
        const where = availability[variant.id];
        return (
          <section key={variant.id} aria-labelledby={`variant-${variant.id}-heading`} className="admin-variant">
            <h3 id={`variant-${variant.id}-heading`}>
              {variant.title} <small>({variant.sku})</small>
            </h3>
            <p>
              Home delivery: {where.home ? "can be ordered" : "cannot be ordered"} · Clinic delivery:{" "}
              {where.clinic ? "can be ordered" : "cannot be ordered"} (one pool of units serves both)
            </p>
            <VariantForm variant={variant} canEdit={canEdit} reply={postedVariant === variant.id ? reply : undefined} />
          </section>
        );
      })}
    </section>
  );
}
