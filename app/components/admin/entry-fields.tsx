// The content editor's generated form (docs/decisions.md "Back office: content"): a control per
// field the type's schema describes (`entryFields`, app/models/content-fields.ts), wired to
// conform so each schema error sits beside its control. Lists grow, shrink and reorder with
// conform's intents when JavaScript runs; without it the same buttons post `list-add`,
// `list-remove` or `list-up` with the list named in their form action, and the page comes back
// with the list changed.
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import type { MouseEvent } from "react";
import { CheckboxField, FieldError, inputProps, SelectField, TextAreaField, TextField } from "~/components/form-field";
import type { FieldNode } from "~/models/content-fields";
import { parseInline } from "~/models/content-links";

// The fields of a form built at run time are typed loosely; each control reads what it needs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, string[]> & Nested;
interface Nested {
  getFieldset(): Record<string, Meta>;
  getFieldList(): Meta[];
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Form = FormMetadata<any, string[]>;

export interface EntryFieldsContext {
  form: Form;
  /** The library's images, for the image picker. */
  assets: { id: string; alt: string }[];
  /** The zone date-times are typed in. */
  zone: string;
  /** The page's path: list buttons post to it with the list named (`?list=…`). */
  action: string;
}

const singular = (label: string) => (/[^s]s$/.test(label) ? label.slice(0, -1) : label);

const str = (value: unknown) => (typeof value === "string" ? value : "");

export function EntryFields({
  fields,
  meta,
  ctx,
}: {
  fields: FieldNode[];
  /** The form's `data` field (typed by conform as its default value; read as any object). */
  meta: { getFieldset(): unknown };
  ctx: EntryFieldsContext;
}) {
  const set = meta.getFieldset() as Record<string, Meta>;
  return (
    <>
      {fields.map((node) => (
        <Control key={node.name} node={node} meta={set[node.name]} ctx={ctx} required={node.required} />
      ))}
    </>
  );
}

interface ControlProps {
  node: FieldNode;
  meta: Meta;
  ctx: EntryFieldsContext;
  /** Whether the browser should insist (the field and every group around it are needed). */
  required: boolean;
  label?: string;
}

function Control({ node, meta, ctx, required, label = node.label }: ControlProps) {
  switch (node.kind) {
    case "text":
      return node.rich ? (
        <RichText meta={meta} label={label} />
      ) : (
        <TextField field={meta} label={label} required={required} />
      );
    case "number":
      return (
        <div className="field">
          <label htmlFor={meta.id}>{label}</label>
          <input {...inputProps(meta, { type: "number" })} step="any" required={required} />
          <FieldError field={meta} />
        </div>
      );
    case "choice":
      return (
        <SelectField
          field={meta}
          label={label}
          placeholder={node.required ? undefined : "Not set"}
          options={node.options.map((value) => ({ value, label: value }))}
        />
      );
    case "boolean":
      return node.required ? (
        <CheckboxField field={meta} label={label} />
      ) : (
        <SelectField
          field={meta}
          label={label}
          placeholder="Not set"
          options={[
            { value: "true", label: "Yes" },
            { value: "false", label: "No" },
          ]}
        />
      );
    case "datetime":
      return (
        <div className="field">
          <label htmlFor={meta.id}>{label}</label>
          <p className="field__hint">Shop time ({ctx.zone}).</p>
          <input
            {...inputProps(meta, { type: "datetime-local" })}
            step={str(meta.value ?? meta.initialValue).length > 16 ? 1 : undefined}
            required={required}
          />
          <FieldError field={meta} />
        </div>
      );
    case "link": {
      const link = meta.getFieldset();
      return (
        <fieldset className="admin-fieldset">
          <legend>{label}</legend>
          <TextField field={link.text} label="Link text" required={required} />
          <TextField
            field={link.url}
            label="Address"
            required={required}
            hint="A shop path such as /faq, or an http(s) address."
          />
          <FieldError field={meta} />
        </fieldset>
      );
    }
    case "image":
      return <ImagePicker meta={meta} label={label} altKey={node.altKey} required={required} ctx={ctx} />;
    case "group": {
      const set = meta.getFieldset();
      return (
        <fieldset className="admin-fieldset">
          <legend>{label}</legend>
          {node.fields.map((field) => (
            <Control
              key={field.name}
              node={field}
              meta={set[field.name]}
              ctx={ctx}
              required={required && field.required}
            />
          ))}
          <FieldError field={meta} />
        </fieldset>
      );
    }
    case "variants": {
      const set = meta.getFieldset();
      const kind = str(set[node.key].value ?? set[node.key].initialValue);
      return (
        <fieldset className="admin-fieldset">
          <legend>
            {label}: {kind}
          </legend>
          <input type="hidden" name={set[node.key].name} value={kind} />
          {(node.variants[kind] ?? []).map((field) => (
            <Control key={field.name} node={field} meta={set[field.name]} ctx={ctx} required={field.required} />
          ))}
          <FieldError field={meta} />
        </fieldset>
      );
    }
    case "list":
      return <List node={node} meta={meta} label={label} ctx={ctx} />;
  }
}

function RichText({ meta, label }: { meta: Meta; label: string }) {
  const value = str(meta.value ?? meta.initialValue);
  return (
    <div className="admin-richtext">
      <TextAreaField field={meta} label={label} rows={4} hint="Plain text; a link is [words](/path)." />
      <div className="admin-richtext__preview" aria-label={`${label}, as the shop shows it`} role="group">
        {parseInline(value).map((part, index) =>
          part.url === undefined ? (
            <span key={index}>{part.text}</span>
          ) : (
            <a key={index} href={part.url}>
              {part.text}
            </a>
          ),
        )}
      </div>
    </div>
  );
}

function ImagePicker({
  meta,
  label,
  altKey,
  required,
  ctx,
}: {
  meta: Meta;
  label: string;
  altKey: string;
  required: boolean;
  ctx: EntryFieldsContext;
}) {
  const image = meta.getFieldset();
  const id = str(image.id.value ?? image.id.initialValue);
  const known = ctx.assets.some((asset) => asset.id === id);
  const options = [
    ...ctx.assets.map((asset) => ({ value: asset.id, label: `${asset.id}: ${asset.alt || "no alt text"}` })),
    ...(id && !known ? [{ value: id, label: `${id} (not in the library)` }] : []),
  ];
  return (
    <fieldset className="admin-fieldset admin-image-picker">
      <legend>{label}</legend>
      {id && known ? <img src={`/cms/${id}?w=160`} alt="" width={80} height={80} className="admin-thumb" /> : null}
      <SelectField field={image.id} label="Image" options={options} placeholder={required ? undefined : "No image"} />
      <TextField
        field={image[altKey]}
        label={altKey === "alt" ? "Alt text (empty: the library's)" : "Description"}
        required={false}
      />
      {altKey === "alt" ? <CheckboxField field={image.decorative} label="Decorative: no alt text" /> : null}
      <FieldError field={meta} />
    </fieldset>
  );
}

function List({
  node,
  meta,
  label,
  ctx,
}: {
  node: Extract<FieldNode, { kind: "list" }>;
  meta: Meta;
  label: string;
  ctx: EntryFieldsContext;
}) {
  const items = meta.getFieldList();
  const one = singular(label);
  const kinds = node.item.kind === "variants" ? Object.keys(node.item.variants) : [null];
  const button = (
    op: "list-add" | "list-remove" | "list-up",
    text: string,
    run: () => void,
    params: Record<string, string>,
  ) => (
    <button
      key={text}
      type="submit"
      name="intent"
      value={op}
      formNoValidate
      className={op === "list-remove" ? "button button--secondary" : "button"}
      formAction={`${ctx.action}?${new URLSearchParams({ list: meta.name, ...params })}`}
      onClick={(event: MouseEvent) => {
        event.preventDefault();
        run();
      }}
    >
      {text}
    </button>
  );
  return (
    <fieldset className="admin-fieldset">
      <legend>{label}</legend>
      <FieldError field={meta} />
      {items.map((item, index) => {
        const name = `${one} ${index + 1}`;
        return (
          <div key={item.key} className="admin-list-item">
            <Control node={node.item} meta={item} ctx={ctx} required={node.item.required} label={name} />
            <div className="admin-actions">
              {index > 0
                ? button(
                    "list-up",
                    `Move ${name} up`,
                    () => ctx.form.reorder({ name: meta.name, from: index, to: index - 1 }),
                    { at: String(index) },
                  )
                : null}
              {items.length > node.min
                ? button("list-remove", `Remove ${name}`, () => ctx.form.remove({ name: meta.name, index }), {
                    at: String(index),
                  })
                : null}
            </div>
          </div>
        );
      })}
      {node.max === null || items.length < node.max ? (
        <div className="admin-actions">
          {kinds.map((kind) =>
            button(
              "list-add",
              kind ? `Add ${kind}` : `Add ${one.toLowerCase()}`,
              () => ctx.form.insert({ name: meta.name, defaultValue: (kind ? { type: kind } : undefined) as never }),
              kind ? { kind } : {},
            ),
          )}
        </div>
      ) : null}
    </fieldset>
  );
}
