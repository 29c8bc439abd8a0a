// The content editor's refusal (docs/rules.md "Back office: content"), shared by its entries,
// redirects and image library: nothing was changed.
import type { FieldErrors } from "~/models/content-editor";
import { ServiceError } from "~/models/service-error";

/** A refusal of the editor: nothing was changed. */
export class ContentEditError extends ServiceError {
  constructor(
    message: string,
    status: number,
    field?: string,
    /** Errors by data path, for a schema refusal. */
    readonly errors: FieldErrors = {},
  ) {
    super("content-edit", message, status, field);
    this.name = "ContentEditError";
  }
}
