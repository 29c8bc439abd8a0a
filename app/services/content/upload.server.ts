// Reading an image upload (docs/rules.md "Back office: content"): `readFormData` refuses files, so
// the image form has its own reader. The body is read up to a cap before it is parsed, the file
// must be at most MAX_UPLOAD_BYTES, its first bytes must say JPEG or PNG, and sharp reads its size.
import sharp from "sharp";
import {
  AssetFieldsSchema,
  formatIssuePath,
  MAX_IMAGE_SIDE,
  MAX_UPLOAD_BYTES,
  sniffImageType,
} from "~/models/content-editor";
import type { AssetUpload } from "./asset-library.server";

/** Room for the form's other fields and the multipart framing around the file. */
const FRAMING_BYTES = 64 * 1024;

const refuse = (status: number, message: string) =>
  new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

export type UploadResult =
  | { ok: true; upload: AssetUpload; fields: Record<string, string> }
  | { ok: false; status: number; errors: Record<string, string>; fields: Record<string, string> };

/** The body, refused with 413 as soon as it passes `limit` bytes. */
async function readCapped(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limit) throw refuse(413, `An image may be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw refuse(413, `An image may be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(new ArrayBuffer(total));
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** A checked image file: its bytes, format and size in pixels. */
export interface CheckedImage {
  bytes: Uint8Array;
  format: "jpeg" | "png";
  width: number;
  height: number;
}

/**
 * An image file as the library takes it (any form that uploads one: the image library, the
 * product editor): at most MAX_UPLOAD_BYTES, its first bytes JPEG or PNG, a size sharp reads
 * and at most MAX_IMAGE_SIDE on each side; else the refusal's status and message.
 */
export async function checkImageFile(
  file: Blob,
): Promise<{ ok: true; image: CheckedImage } | { ok: false; status: number; message: string }> {
  if (file.size === 0) return { ok: false, status: 400, message: "Choose a JPEG or PNG image." };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, status: 413, message: "An image may be at most 5 MB." };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const format = sniffImageType(bytes);
  if (!format) return { ok: false, status: 415, message: "This file is not a JPEG or PNG image." };
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height || meta.format !== (format === "jpeg" ? "jpeg" : "png")) {
    return { ok: false, status: 400, message: "This image could not be read." };
  }
  if (meta.width > MAX_IMAGE_SIDE || meta.height > MAX_IMAGE_SIDE) {
    return { ok: false, status: 400, message: `An image may be at most ${MAX_IMAGE_SIDE} pixels on each side.` };
  }
  return { ok: true, image: { bytes, format, width: meta.width, height: meta.height } };
}

/**
 * A page form that may carry an image (the product editor), read up to the upload's cap: a form
 * body of either kind, or a 415/413/400 answer thrown, as `readFormData` does for other forms.
 */
export async function readFormWithImage(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data;/i.test(type) && !/^application\/x-www-form-urlencoded\b/i.test(type)) {
    throw refuse(415, "Send this form as application/x-www-form-urlencoded or multipart/form-data.");
  }
  const body = await readCapped(request, MAX_UPLOAD_BYTES + FRAMING_BYTES);
  try {
    return await new Request(request.url, { method: "POST", headers: { "Content-Type": type }, body }).formData();
  } catch {
    throw refuse(400, "The form could not be read. Reload the page and try again.");
  }
}

/**
 * The upload form's image and fields: a refusal of the request itself (not multipart, too large,
 * unreadable) is thrown as a 4xx Response; a problem with a field is answered by field.
 */
export async function readImageUpload(request: Request): Promise<UploadResult> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data;/i.test(type)) throw refuse(415, "Send the image as multipart/form-data.");
  const body = await readCapped(request, MAX_UPLOAD_BYTES + FRAMING_BYTES);
  let form: FormData;
  try {
    form = await new Request(request.url, { method: "POST", headers: { "Content-Type": type }, body }).formData();
  } catch {
    throw refuse(400, "The form could not be read. Reload the page and try again.");
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  const errors: Record<string, string> = {};
  const parsed = AssetFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[formatIssuePath(issue.path)] ??= issue.message;
  }
  const file = form.get("file");
  let image: CheckedImage | null = null;
  if (!(file instanceof Blob) || file.size === 0) errors.file = "Choose a JPEG or PNG image.";
  else {
    const checked = await checkImageFile(file);
    if (checked.ok) image = checked.image;
    else if (checked.status === 413)
      return { ok: false, status: 413, errors: { ...errors, file: checked.message }, fields };
    else errors.file = checked.message;
  }
  if (!parsed.success || !image || Object.keys(errors).length) {
    return { ok: false, status: errors.file && /not a JPEG/.test(errors.file) ? 415 : 400, errors, fields };
  }
  return { ok: true, upload: { ...parsed.data, ...image }, fields };
}
