// The one action reply shape, the one "not found" and the service-error adapter
// (docs/rules.md "Forms and inputs").
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { ServiceError } from "~/models/service-error";
import { CartError } from "~/services/commerce/index.server";
import { CustomerError } from "~/services/customers/index.server";
import { SubscriptionError } from "~/services/autoship/index.server";
import { serviceErrorResponse } from "./api.server";
import { replyFor } from "./form";
import { pageNotFound, replyWith } from "./form.server";

const Schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename"), name: z.string({ required_error: "Enter a name." }).max(5) }),
  z.object({ intent: z.literal("delete"), id: z.string() }),
]);

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.set(key, value);
  return parseWithZod(data, { schema: Schema });
};

describe("replyWith (the one action reply)", () => {
  it("answers a failed submission 400 with its field errors, named by its intent", async () => {
    const response = replyWith(form({ intent: "rename" }));
    expect(response.status).toBe(400);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await response.json();
    expect(body).toMatchObject({ status: "error", form: "rename", error: { name: ["Enter a name."] } });
  });

  it("answers a service error with its own status and its message on its field", async () => {
    const submission = form({ intent: "delete", id: "a1" });
    const onField = replyWith(submission, { error: new CustomerError("INVALID", "Bad zip.", "zip"), target: "a1" });
    expect(onField.status).toBe(400);
    expect(await onField.json()).toMatchObject({ form: "delete", target: "a1", error: { zip: ["Bad zip."] } });
    const onForm = replyWith(submission, { error: new SubscriptionError("CANCELLED", "It is cancelled.") });
    expect(onForm.status).toBe(409);
    expect(await onForm.json()).toMatchObject({ error: { "": ["It is cancelled."] } });
  });

  it("answers a success 200 with its notice", async () => {
    const response = replyWith(form({ intent: "delete", id: "a1" }), {
      notice: { tone: "success", message: "Deleted." },
      resetForm: true,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ form: "delete", notice: { tone: "success", message: "Deleted." } });
  });

  it("replyFor picks only the reply of the named form (and row)", async () => {
    const data = await replyWith(form({ intent: "delete", id: "a1" }), { target: "a1" }).json();
    expect(replyFor(data, "delete", "a1")).toEqual(data);
    expect(replyFor(data, "delete", "a2")).toBeUndefined();
    expect(replyFor(data, "rename")).toBeUndefined();
    expect(replyFor(undefined, "delete")).toBeUndefined();
  });
});

describe("pageNotFound (the one page 404)", () => {
  it("is a private 404 carrying its message", async () => {
    const response = pageNotFound("We could not find that address.");
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toEqual({ message: "We could not find that address." });
  });
});

describe("serviceErrorResponse (a service error as the API answers it)", () => {
  it("answers every service error with its own status, code and field", async () => {
    const cases: [ServiceError, number][] = [
      [new CartError("CART_NOT_FOUND", "No cart.", "cartId"), 404],
      [new CartError("INVALID_QUANTITY", "Too many.", "lines.0.quantity"), 400],
      [new CustomerError("EMAIL_TAKEN", "Taken.", "email"), 409],
      [new SubscriptionError("NOT_FOUND", "No such subscription."), 404],
    ];
    for (const [error, status] of cases) {
      const response = serviceErrorResponse(error, { fieldPrefix: "body" });
      expect(response.status).toBe(status);
      const fields = error.field ? { [`body.${error.field}`]: error.message } : undefined;
      expect(await response.json()).toEqual({
        error: { code: error.code, message: error.message, ...(fields ? { fields } : {}) },
      });
    }
  });
});
