// /admin/images: the content's image library with thumbnails served through the optimiser
// (/cms/{id}?w=…), and the upload of a JPEG or PNG (docs/rules.md "Back office: content"). The one
// action is `IMAGE_INTENTS` (app/models/content-editor.ts), run by `adminIntents` on the upload's
// own reading of its multipart body.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminTableBox } from "~/components/admin/table-box";
import { FieldError, FormError, TextField } from "~/components/form-field";
import { allowedIntents } from "~/models/admin-intents";
import { IMAGE_INTENTS, MAX_UPLOAD_BYTES } from "~/models/content-editor";
import { ADMIN_NO_STORE, backWithNotice, requireAdmin } from "~/services/admin/index.server";
import { contentEditor, readImageUpload } from "~/services/content/index.server";
import { adminIntents } from "~/utils/admin-action.server";
import { replyFor } from "~/utils/form";
import { replyWith } from "~/utils/form.server";

export const meta: MetaFunction = () => [{ title: "Images · Back office" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "content.view");
  const assets = await contentEditor.listAssets();
  return json({ assets, allowed: allowedIntents(admin.role, IMAGE_INTENTS) }, { headers: ADMIN_NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  // The body (up to 5 MB) is read only for a role that may upload; then the one contract runs.
  await requireAdmin(request, "assets.upload");
  const read = await readImageUpload(request);
  const form = new FormData();
  for (const [name, value] of Object.entries(read.fields)) form.set(name, value);
  return adminIntents(request, {
    permission: "content.view",
    intents: IMAGE_INTENTS,
    form,
    handlers: {
      upload: async (_input, { admin, submission }) => {
        if (!read.ok) {
          const fieldErrors = Object.fromEntries(Object.entries(read.errors).map(([name, error]) => [name, [error]]));
          return replyWith(submission, { status: read.status, fieldErrors });
        }
        await contentEditor.uploadAsset(read.upload, admin);
        return backWithNotice(request, "/admin/images", {
          tone: "success",
          message: `Image ${read.upload.id} uploaded: choose it in an entry's image field.`,
        });
      },
    },
  });
}

export default function AdminImages() {
  const { assets, allowed } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "upload",
    lastResult: replyFor(data, "upload"),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: IMAGE_INTENTS.upload.schema }),
  });
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
      {allowed.upload ? (
        <section aria-labelledby="upload-heading">
          <h2 id="upload-heading">Upload an image</h2>
          <p>
            A JPEG or PNG of at most {MAX_UPLOAD_BYTES / 1024 / 1024} MB. The shop serves it as WebP at /cms/its-id.
          </p>
          <Form method="post" encType="multipart/form-data" className="admin-form" {...getFormProps(form)}>
            <FormError errors={form.errors} id={form.errorId} />
            <div className="field">
              <label htmlFor={fields.file.id}>Image file</label>
              <input {...getInputProps(fields.file, { type: "file" })} accept="image/jpeg,image/png" required />
              <FieldError field={fields.file} />
            </div>
            <TextField field={fields.id} label="Id (lower-case letters, digits, hyphens)" required />
            <TextField field={fields.alt} label="Alt text" required />
            <TextField field={fields.description} label="Description" required={false} />
            <button type="submit" name="intent" value="upload" className="button">
              Upload
            </button>
          </Form>
        </section>
      ) : null}
    </>
  );
}
