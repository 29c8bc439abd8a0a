// Whether the build can be served and is current (scripts/build-state.mjs): `npm start` builds
// only when it is not, and the server refuses a missing or development build.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildKind, buildState, serveRefusal } from "../../scripts/build-state.mjs";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** A project tree with sources an hour old and, unless `server` is null, a build made now. */
function project(server: string | null = 'var mode = "production", assetsBuildDirectory = "public/build";'): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "build-state-"));
  roots.push(root);
  const write = (file: string, text = "") => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  for (const file of [
    "app/root.tsx",
    "remix.config.js",
    "public/favicon.ico",
    "package-lock.json",
    "patches/a.patch",
  ]) {
    write(file);
    const hourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(path.join(root, file), hourAgo, hourAgo);
  }
  if (server !== null) {
    write("build/index.js", server);
    write("public/build/manifest-1.js");
  }
  return root;
}

/** Marks `file` (made if missing) as changed a minute after the build. */
function touchLater(root: string, file: string) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.appendFileSync(path.join(root, file), "");
  const later = new Date(Date.now() + 60_000);
  fs.utimesSync(path.join(root, file), later, later);
}

describe("the build's state", () => {
  it("is current when a production build is newer than every source", () => {
    expect(buildState(project())).toEqual({ current: true, reason: "current" });
  });

  it("is missing without build/index.js or without public/build", () => {
    expect(buildState(project(null)).reason).toBe("missing");
    const root = project();
    fs.rmSync(path.join(root, "public/build"), { recursive: true });
    expect(buildKind(root)).toBe("missing");
  });

  it("knows a development build by its mode, or by JSX compiled for development (NODE_ENV=test)", () => {
    expect(buildKind(project('var mode = "development";'))).toBe("development");
    expect(buildKind(project('var mode = "production"; jsxDEV("div")'))).toBe("development");
    expect(buildState(project('var mode = "development";')).reason).toBe("development");
  });

  it.each(["app/routes/_index.tsx", "remix.config.js", "public/favicon.ico", "package-lock.json", "patches/a.patch"])(
    "is stale when %s changed after the build",
    (file) => {
      const root = project();
      touchLater(root, file);
      expect(buildState(root)).toEqual({ current: false, reason: "stale" });
    },
  );

  it("ignores what is made under public/: the build itself and the seed's pictures", () => {
    const root = project();
    touchLater(root, "public/build/route-1.js");
    touchLater(root, "public/images/products/kibble.webp");
    touchLater(root, "public/images/charities/shelter.webp");
    expect(buildState(root).current).toBe(true);
  });
});

describe("serving a build", () => {
  it("refuses a missing build", () => {
    expect(serveRefusal(project(null), {})).toMatch(/No build found: run `npm run build` first/);
  });

  it("refuses a development build outside `remix dev`, and in production whatever the origin", () => {
    const root = project('var mode = "development";');
    expect(serveRefusal(root, { NODE_ENV: "production" })).toMatch(/development build .*run `npm run build`/);
    expect(serveRefusal(root, { NODE_ENV: "development" })).toMatch(/development build/);
    expect(serveRefusal(root, { NODE_ENV: "production", REMIX_DEV_ORIGIN: "http://localhost:3001" })).not.toBeNull();
    expect(serveRefusal(root, { NODE_ENV: "development", REMIX_DEV_ORIGIN: "http://localhost:3001" })).toBeNull();
  });

  it("serves a production build, current or not (a deployment's copy has no sources to compare)", () => {
    const root = project();
    touchLater(root, "app/root.tsx");
    expect(serveRefusal(root, { NODE_ENV: "production" })).toBeNull();
  });
});
