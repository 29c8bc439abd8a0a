import { describe, expect, it } from "vitest";
import { scrubBreadcrumb, scrubErrorEvent } from "./error-event";

const PERSONAL = ["ana@example.com", "4242", "Elm St", "97201", "503", "eyJhbGciOiJIUzI1NiJ9", "reset-token", "Ana"];

describe("scrubErrorEvent (docs/rules.md 'Error tracker events carry no personal data')", () => {
  it("drops the user and the request's cookies, headers, body and query; scrubs messages, extra and contexts", () => {
    const event = scrubErrorEvent({
      event_id: "0123456789abcdef0123456789abcdef",
      message: "Order for ana@example.com failed",
      exception: {
        values: [
          {
            type: "Error",
            value: "card 4242 4242 4242 4242 declined for 42 Elm St, Portland, OR 97201, call (503) 555.0142",
            stacktrace: { frames: [{ filename: "build/index.js", lineno: 12, vars: { email: "ana@example.com" } }] },
          },
        ],
      },
      request: {
        method: "POST",
        url: "http://shop.test/reset-password?token=reset-token",
        query_string: "token=reset-token",
        cookies: { shop_session: "eyJhbGciOiJIUzI1NiJ9.x.y" },
        headers: { cookie: "shop_session=1", "user-agent": "UA" },
        data: { email: "ana@example.com" },
      },
      user: { email: "ana@example.com", ip_address: "203.0.113.9", username: "Ana" },
      breadcrumbs: [{ message: "GET http://shop.test/x?token=reset-token", data: { url: "/x?token=reset-token" } }],
      extra: { note: "ship to 42 Elm St", nested: { deeper: { email: "x" } }, shippingAddress: { line1: "Ana" } },
      contexts: { runtime: { name: "node", version: "v20.20.2" }, order: { customerPhone: "503 555 0142" } },
      tags: { reqId: "0b9a1e2c-1234-4567-8901-123456789012" },
    });
    const text = JSON.stringify(event);
    for (const personal of PERSONAL) expect(text).not.toContain(personal);
    expect(event.user).toBeUndefined();
    expect(event.request).toEqual({ method: "POST", url: "http://shop.test/reset-password" });
    expect(event.exception!.values![0].value).toBe(
      "card [number] declined for [address], Portland, OR [zip], call [phone]",
    );
    expect(event.exception!.values![0].stacktrace!.frames).toEqual([{ filename: "build/index.js", lineno: 12 }]);
    expect(event.contexts!.runtime).toEqual({ name: "node", version: "v20.20.2" });
    expect(event.extra).toEqual({
      note: "ship to [address]",
      nested: { deeper: { email: "[redacted]" } },
      shippingAddress: "[redacted]",
    });
    // What the shop sets and the SDK's ids stay as they are.
    expect(event.tags).toEqual({ reqId: "0b9a1e2c-1234-4567-8901-123456789012" });
    expect(event.event_id).toBe("0123456789abcdef0123456789abcdef");
  });

  it("scrubs a breadcrumb's message and data, and its URL down to the path", () => {
    expect(
      scrubBreadcrumb({
        message: "sent to ana@example.com",
        data: { url: "/x?token=reset-token", to: "ana@example.com" },
      }),
    ).toEqual({ message: "sent to [email]", data: { url: "/x", to: "[email]" } });
  });
});
