// The back office's image uploads (docs/rules.md "Back office: content"): every role on the page
// and the upload, the audit entry, the size limit at its boundary, the type known by its bytes,
// and the uploaded asset served by id through the optimiser.
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { ADMIN_ROLES, rolesWith, type AdminRole } from "~/models/admin-roles";
import { MAX_UPLOAD_BYTES } from "~/models/content-editor";
import { action, loader } from "~/routes/admin.images";
import { loader as cmsLoader } from "~/routes/cms.$id";
import { ASSET_DIR } from "~/services/content/index.server";
import { adminsOfEveryRole, auditOf, type TestAdmin } from "../helpers/admin";
import { callRoute, getRequest, ORIGIN } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

let admins: Record<AdminRole, TestAdmin>;
const made: string[] = [];

beforeAll(async () => {
  await ensureSeeded();
  admins = await adminsOfEveryRole("images");
});

afterAll(async () => {
  for (const id of made) await fs.rm(path.join(ASSET_DIR, "uploads", `${id}.jpg`), { force: true });
  for (const id of made) await fs.rm(path.join(ASSET_DIR, "uploads", `${id}.png`), { force: true });
});

const jpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#3a7" } })
    .jpeg()
    .toBuffer();
const png = () =>
  sharp({ create: { width: 20, height: 50, channels: 4, background: "#a37c" } })
    .png()
    .toBuffer();

/** An image padded after its end marker to exactly `size` bytes (decoders ignore the tail). */
async function jpegOfSize(size: number) {
  const image = await jpeg();
  const padded = Buffer.alloc(size);
  image.copy(padded);
  return padded;
}

function upload(admin: TestAdmin, file: Buffer | null, fields: Record<string, string>, name = "photo.jpg") {
  const form = new FormData();
  if (file) form.set("file", new File([new Uint8Array(file)], name, { type: "image/jpeg" }));
  form.set("intent", "upload");
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const request = new Request(`${ORIGIN}/admin/images`, {
    method: "POST",
    body: form,
    headers: { Cookie: admin.jar.header },
  });
  return callRoute(action, request, admin.jar);
}

const newId = (name: string) => {
  const id = `${name}-${crypto.randomUUID().slice(0, 8)}`;
  made.push(id);
  return id;
};

describe("every role on the images page", () => {
  it("lists with content.view and uploads with assets.upload; refused stores nothing", async () => {
    for (const role of ADMIN_ROLES) {
      const admin = admins[role];
      const list = await callRoute(loader, getRequest("/admin/images", admin.jar), admin.jar);
      expect([role, list.status]).toEqual([role, rolesWith("content.view").includes(role) ? 200 : 403]);
      const id = newId(`up-${role}`);
      const response = await upload(admin, await jpeg(), { id, alt: "A green square", description: "" });
      const allowed = rolesWith("assets.upload").includes(role);
      expect([role, response.status]).toEqual([role, allowed ? 302 : 403]);
      const row = await prisma.contentAsset.findUnique({ where: { id } });
      if (!allowed) {
        expect(row).toBeNull();
        continue;
      }
      expect(row).toMatchObject({
        format: "jpeg",
        width: 40,
        height: 30,
        alt: "A green square",
        file: `uploads/${id}.jpg`,
      });
      const [audit] = await auditOf("asset", id);
      expect(audit).toMatchObject({ action: "asset.upload", actorEmail: admin.email, actorRole: role, before: null });
      expect(JSON.parse(audit.after!)).toMatchObject({ format: "jpeg", width: 40, height: 30 });
    }
  });
});

describe("upload rules", () => {
  it("serves an uploaded PNG through the optimiser by its id", async () => {
    const id = newId("pic");
    const response = await upload(admins.content, await png(), { id, alt: "Tall", description: "A tall one" }, "x.png");
    expect(response.status).toBe(302);
    const served = await callRoute(cmsLoader, getRequest(`/cms/${id}?w=160`), undefined, { params: { id } });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 20, 50]);
  });

  it("takes an image of exactly the largest size and refuses one byte more", async () => {
    const id = newId("max");
    expect((await upload(admins.content, await jpegOfSize(MAX_UPLOAD_BYTES), { id, alt: "Big" })).status).toBe(302);
    const over = newId("over");
    const refused = await upload(admins.content, await jpegOfSize(MAX_UPLOAD_BYTES + 1), { id: over, alt: "Big" });
    expect(refused.status).toBe(413);
    expect(await prisma.contentAsset.findUnique({ where: { id: over } })).toBeNull();
  });

  it("knows the type by the file's bytes, needs alt text, and never reuses an id", async () => {
    const before = await prisma.auditEntry.count({ where: { subjectType: "asset" } });
    const gif = await upload(admins.content, Buffer.from("GIF89a........"), { id: newId("gif"), alt: "x" });
    expect(gif.status).toBe(415);
    expect((await gif.json()).error.file).toEqual(["This file is not a JPEG or PNG image."]);
    const fake = await upload(admins.content, Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2, 3]), {
      id: newId("fake"),
      alt: "x",
    });
    expect((await fake.json()).error.file).toEqual(["This image could not be read."]);
    const noAlt = await upload(admins.content, await jpeg(), { id: newId("noalt"), alt: " " });
    expect(noAlt.status).toBe(400);
    expect(Object.keys((await noAlt.json()).error)).toEqual(["alt"]);
    const badId = await upload(admins.content, await jpeg(), { id: "Bad Id", alt: "x" });
    expect(Object.keys((await badId.json()).error)).toEqual(["id"]);
    const noFile = await upload(admins.content, null, { id: newId("nofile"), alt: "x" });
    expect((await noFile.json()).error.file).toEqual(["Choose a JPEG or PNG image."]);
    expect(await prisma.auditEntry.count({ where: { subjectType: "asset" } })).toBe(before);

    const taken = (await prisma.contentAsset.findFirstOrThrow()).id;
    const again = await upload(admins.content, await jpeg(), { id: taken, alt: "x" });
    expect(again.status).toBe(409);
    const form = await callRoute(
      action,
      new Request(`${ORIGIN}/admin/images`, {
        method: "POST",
        body: "id=a&alt=b",
        headers: { Cookie: admins.content.jar.header, "Content-Type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(form.status).toBe(415);
  });
});
