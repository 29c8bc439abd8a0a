// The root loader's honeypot inputs (docs/rules.md "Root loader: cheap"): one encrypted
// "valid from" time is handed out for up to a second, and forms posted with it pass.
import { describe, expect, it } from "vitest";
import { honeypotInputProps, isSpam } from "~/services/http/index.server";

function posted(props: ReturnType<typeof honeypotInputProps>): FormData {
  const form = new FormData();
  form.set(props.nameFieldName, "");
  form.set(props.validFromFieldName ?? "from__confirm", props.encryptedValidFrom ?? "");
  return form;
}

describe('honeypot inputs in the root loader (docs/rules.md "Root loader: cheap")', () => {
  it("reuses one encryption for up to a second, then encrypts the time again", () => {
    const now = Date.now();
    const first = honeypotInputProps(now);
    expect(honeypotInputProps(now + 999)).toBe(first);
    const next = honeypotInputProps(now + 1000);
    expect(next).not.toBe(first);
    expect(next.encryptedValidFrom).not.toBe(first.encryptedValidFrom);
  });

  it("a form posted with reused inputs is not spam; a filled trap still is", () => {
    const props = honeypotInputProps();
    expect(isSpam(posted(props))).toBe(false);
    expect(isSpam(posted(honeypotInputProps()))).toBe(false);
    const filled = posted(props);
    filled.set(props.nameFieldName, "bot");
    expect(isSpam(filled)).toBe(true);
  });
});
