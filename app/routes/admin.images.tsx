// /admin/images: the content's image assets with thumbnails served through the optimiser
// (/cms/{id}?w=…), and the upload of a JPEG or PNG (docs/rules.md "Back office: content").
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminTableBox } from "~/components/admin/table-box";
import { can } from "~/models/admin-roles";
import { MAX_UPLOAD_BYTES } from "~/models/content-editor";
import { ADMIN_NO_STORE, backWithNotice, requireAdmin } from "~/services/admin/index.server";
import { ContentEditError, contentEditor, readImageUpload } from "~/services/content/index.server";

export const meta: MetaFunction = () => [{ title: "Images · Back office" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "content.view");
  const assets = await contentEditor.listAssets();
  return json({ assets, canUpload: can(admin.role, "assets.upload") }, { headers: ADMIN_NO_STORE });
}

interface Reply {
  errors: Record<string, string>;
  fields: Record<string, string>;
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "assets.upload");
  const read = await readImageUpload(request);
  if (!read.ok) {
    return json({ errors: read.errors, fields: read.fields } satisfies Reply, {
      status: read.status,
      headers: ADMIN_NO_STORE,
    });
  }
  try {
    await contentEditor.uploadAsset(read.upload, admin);
  } catch (error) {
    if (error instanceof ContentEditError) {
      return json({ errors: { [error.field ?? "file"]: error.message }, fields: read.fields } satisfies Reply, {
        status: error.status,
        headers: ADMIN_NO_STORE,
      });
    }
    throw error;
  }
  return backWithNotice(request, "/admin/images", {
    tone: "success",
    message: `Image ${read.upload.id} uploaded: use it in content as { "id": "${read.upload.id}" }.`,
  });
}

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: (p: object) => React.ReactNode;
}) {
  return (
    <p className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {}) })}
      {error ? (
        <span className="field__error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </p>
  );
}

export default function AdminImages() {
  const { assets, canUpload } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const errors = reply?.errors ?? {};
  return (
    <>
      <h1>Images</h1>
      <AdminTableBox label="Image assets">
        <table className="admin-table">
          <caption>Image assets ({assets.length})</caption>
          <thead>
            <tr>
              <th scope="col">Image</th>
              <th scope="col">Id</th>
              <th scope="col">Size</th>
              <th scope="col">Alt text</th>
            </tr>
          </thead>
          <tbody>
            {assets.map((asset) => (
              <tr key={asset.id}>
                <td>
                  <img
                    src={`/cms/${asset.id}?w=160`}
                    alt={asset.alt}
                    width={80}
                    height={Math.max(1, Math.round((80 * asset.height) / asset.width))}
                    loading="lazy"
                  />
                </td>
                <td>{asset.id}</td>
                <td>
                  {asset.width} × {asset.height} {asset.format}
                </td>
                <td>{asset.alt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminTableBox>
      {canUpload ? (
        <section aria-labelledby="upload">
          <h2 id="upload">Upload an image</h2>
          <p>
            A JPEG or PNG of at most {MAX_UPLOAD_BYTES / 1024 / 1024} MB. The shop serves it as WebP at /cms/its-id.
          </p>
          <Form method="post" encType="multipart/form-data">
            <Field id="asset-file" label="Image file" error={errors.file}>
              {(props) => <input type="file" name="file" accept="image/jpeg,image/png" required {...props} />}
            </Field>
            <Field id="asset-id" label="Id (lower-case letters, digits, hyphens)" error={errors.id}>
              {(props) => <input name="id" required defaultValue={reply?.fields.id ?? ""} {...props} />}
            </Field>
            <Field id="asset-alt" label="Alt text" error={errors.alt}>
              {(props) => <input name="alt" required defaultValue={reply?.fields.alt ?? ""} {...props} />}
            </Field>
            <Field id="asset-description" label="Description (optional)" error={errors.description}>
              {(props) => <input name="description" defaultValue={reply?.fields.description ?? ""} {...props} />}
            </Field>
            <button type="submit" className="button">
              Upload
            </button>
          </Form>
        </section>
      ) : null}
    </>
  );
}
