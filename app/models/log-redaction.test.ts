import { describe, expect, it } from "vitest";
import { redactUrl } from "./log-redaction";

describe("redactUrl", () => {
  it("replaces secret query values and keeps the rest", () => {
    expect(redactUrl("/shelter/reset-password?token=abc123&x=1")).toBe("/shelter/reset-password?token=[redacted]&x=1");
    expect(redactUrl("/api/embedded/search-clinic?jwt=eyJ.a.b&sessionToken=s&q=vet")).toBe(
      "/api/embedded/search-clinic?jwt=[redacted]&sessionToken=[redacted]&q=vet",
    );
    expect(redactUrl("/auth/oidc/callback?code=c0de&state=st8")).toBe(
      "/auth/oidc/callback?code=[redacted]&state=[redacted]",
    );
    expect(redactUrl("/x?TOKEN=a")).toBe("/x?TOKEN=[redacted]");
    expect(redactUrl("/x?%74oken=a")).toBe("/x?%74oken=[redacted]");
  });

  it("replaces the multipass token in the path", () => {
    expect(redactUrl("/multipass/eyJhbGciOi.secret?x=1")).toBe("/multipass/[redacted]?x=1");
  });

  it("leaves plain URLs alone", () => {
    expect(redactUrl("/products/dog-food?page=2")).toBe("/products/dog-food?page=2");
    expect(redactUrl("/")).toBe("/");
    expect(redactUrl("/x?%E0=1")).toBe("/x?%E0=1");
  });
});
