// The one base of every refusal a service answers (docs/rules.md "Forms and inputs",
// "Service errors know their status"): a stable code, a message the shopper can read,
// the HTTP status a page or API answers with, and the input at fault when there is one.
// Routes never map codes to statuses: the JSON API answers `serviceErrorResponse`
// (app/utils/api.server.ts), a page action `replyWith(submission, { error })`
// (app/utils/form.server.ts).

/** A refused request: nothing was changed. `field` names the input at fault (e.g. "lines.0.quantity"). */
export class ServiceError<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
    /** The HTTP status this refusal is answered with (400, 404, 409, 422...). */
    readonly status: number,
    readonly field?: string,
  ) {
    super(message);
    this.name = "ServiceError";
  }
}

/**
 * The error class of a service whose status follows its code:
 * `class CartError extends serviceErrorWithStatus<CartErrorCode>("CartError", CART_ERROR_STATUS) {}`.
 */
export function serviceErrorWithStatus<Code extends string>(name: string, statusOf: Readonly<Record<Code, number>>) {
  return class extends ServiceError<Code> {
    constructor(code: Code, message: string, field?: string) {
      super(code, message, statusOf[code], field);
      this.name = name;
    }
  };
}

/** True for any service's refusal (CartError, CheckoutError, CustomerError...). */
export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}

/**
 * The field errors of a refusal, keyed by its field (under `fieldPrefix`, or renamed by
 * `fieldName`), or undefined when the refusal is about the whole request.
 */
export function serviceErrorFields(
  error: ServiceError,
  options: { fieldPrefix?: string; fieldName?: (field: string) => string } = {},
): Record<string, string> | undefined {
  if (!error.field) return undefined;
  const named = options.fieldName ? options.fieldName(error.field) : error.field;
  const key = options.fieldPrefix ? `${options.fieldPrefix}.${named}` : named;
  return { [key]: error.message };
}
