// Reading a page action's form body (docs/architecture.md "Forms and the JSON API": every
// mutation is a form post). A body that is not a form, or a broken one, is the
// sender's mistake: it answers 415 or 400 with a clear message, never a 500.
import { FORM_MEDIA_TYPES, mediaType } from "~/models/request-guard";

function refuse(status: 400 | 415, message: string): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * The form body of a page action. Throws a 415 answer when the body is not a form
 * (JSON, text, none: browsers and Remix fetchers always send one), a 400 when it cannot
 * be parsed (broken multipart, a missing boundary) or carries a file, since no page
 * form uploads one.
 */
export async function readFormData(request: Request): Promise<FormData> {
  if (!FORM_MEDIA_TYPES.has(mediaType(request.headers.get("Content-Type")))) {
    throw refuse(415, "Send this form as application/x-www-form-urlencoded or multipart/form-data.");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw refuse(400, "The form could not be read. Reload the page and try again.");
  }
  for (const value of form.values()) {
    if (typeof value !== "string") throw refuse(400, "This form takes no files.");
  }
  return form;
}
