// The freshness poller (docs/rules.md "Processes"): its version names every registered source.
import { describe, expect, it } from "vitest";
import { createFreshness } from "./freshness.server";

describe("the public data version", () => {
  it("names a source registered while the first poll runs, before the check that started it ends", async () => {
    const freshness = createFreshness({ intervalMs: 60_000 });
    try {
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      freshness.register("catalogue", async () => {
        await gate;
        return "c1";
      });
      // The first subscriber starts the poll (as the catalogue's module does at import)…
      freshness.onChange(() => {});
      const first = freshness.check();
      // …and another module registers while it runs (as content's does, later in the bundle).
      freshness.register("content", async () => "k1");
      release();
      await first;
      const settled = freshness.version();
      expect(settled).not.toBe("0");
      // The next poll finds nothing new: the version a page was cached under stays.
      await freshness.check();
      expect(freshness.version()).toBe(settled);
    } finally {
      freshness.stop();
    }
  });
});
