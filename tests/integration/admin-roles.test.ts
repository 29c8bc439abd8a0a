// The role matrix of the back office's sections (docs/rules.md "Back office"): every section of the
// navigation, opened by every role, answers 200 exactly for the roles that hold its permission and
// 403 for the others, always `private, no-store`. The route of each section is found from its path,
// so a new section without its page, or a page checking the wrong permission, fails here. Each
// area's own test covers its actions (tests/integration/admin-*.test.ts).
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_SECTIONS, can } from "~/models/admin-roles";
import { adminsOfEveryRole, type TestAdmin } from "../helpers/admin";
import { callRoute, getRequest, type RouteHandler } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

const ROUTES = path.resolve("app/routes");

/** The route module file of a path like /admin/orders (flat routes: an index route or a leaf). */
function routeFileOf(sectionPath: string): string {
  const base = sectionPath.slice(1).split("/").join(".");
  const candidate = [`${base}._index.tsx`, `${base}.tsx`].find((file) => fs.existsSync(path.join(ROUTES, file)));
  if (!candidate) throw new Error(`No route file for ${sectionPath}`);
  return candidate;
}

let admins: Record<string, TestAdmin>;
beforeAll(async () => {
  await ensureSeeded();
  admins = await adminsOfEveryRole("matrix");
});

describe("every back-office section, for every role", () => {
  for (const section of ADMIN_SECTIONS) {
    it(`${section.label} (${section.path}) answers as the role table says`, async () => {
      const module = (await import(path.join(ROUTES, routeFileOf(section.path)))) as { loader: RouteHandler };
      for (const admin of Object.values(admins)) {
        const response = await callRoute(module.loader, getRequest(section.path, admin.jar));
        expect([admin.role, response.status]).toEqual([admin.role, can(admin.role, section.permission) ? 200 : 403]);
        expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      }
    });
  }
});
