// Multipass links (catalogue spec section 7, POST /api/multipass; docs/rules.md "Multipass
// links"): a short-lived URL that signs the customer of a live session in on another device
// or tab and continues to a path of the shop. The URL holds a random token; the database
// keeps its SHA-256 with the session that asked for it, so a link works once (compare-and-set
// on `usedAt`), until it expires, and only while that session lives: signing out, signing in
// again in that browser or a password change ends the links it made.
import crypto from "node:crypto";
import type { PrismaClient } from "~/generated/prisma/client";
import { MULTIPASS_TTL_MS, multipassUsable } from "~/models/multipass";
import { isLocalPath } from "~/models/redirect-param";
import type { SiteId } from "~/models/site";
import { sessionTokenId } from "~/services/identity/index.server";

export { MULTIPASS_TTL_MS };

const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");

/** What a usable link signs in to: its customer (the asking session's) and where they land. */
export interface MultipassTarget {
  customerId: string;
  path: string;
}

export function createMultipassLinks(db: PrismaClient, now: () => Date = () => new Date()) {
  /** The link of a token with its session, when it is usable on `site` now. */
  async function usable(token: string, site: SiteId, at: Date) {
    if (!token) return null;
    const link = await db.multipassLink.findUnique({
      where: { id: sha256(token) },
      include: { session: { select: { customerId: true, revokedAt: true, expiresAt: true } } },
    });
    return link && multipassUsable(link, site, at) ? link : null;
  }

  return {
    /**
     * A link for the customer of `sessionToken` (a live session of `site`) to arrive signed in
     * at `path`; the raw token goes in the URL only. Links that have expired are deleted on
     * the way (a used or expired link never works again, so nothing is lost).
     */
    async create(input: { sessionToken: string; site: SiteId; path: string }): Promise<string> {
      if (!isLocalPath(input.path)) throw new RangeError("multipass paths are same-origin paths");
      const token = crypto.randomBytes(32).toString("base64url");
      const at = now();
      await db.multipassLink.deleteMany({ where: { expiresAt: { lte: at } } });
      await db.multipassLink.create({
        data: {
          id: sha256(token),
          sessionId: sessionTokenId(input.sessionToken),
          site: input.site,
          path: input.path,
          expiresAt: new Date(at.getTime() + MULTIPASS_TTL_MS),
        },
      });
      return token;
    },

    /** What the token would sign in to, without using it; null when it no longer works (`multipassUsable`). */
    async peek(token: string, site: SiteId): Promise<MultipassTarget | null> {
      const link = await usable(token, site, now());
      return link ? { customerId: link.session.customerId, path: link.path } : null;
    },

    /**
     * Uses the link: of any number of concurrent redemptions exactly one gets its target, the
     * rest null. `usedAt` is set by one compare-and-set (an UPDATE whose WHERE wants it unset):
     * SQLite runs writes one at a time, and PostgreSQL re-reads the row a concurrent UPDATE
     * changed and finds it set.
     */
    async redeem(token: string, site: SiteId): Promise<MultipassTarget | null> {
      const at = now();
      const link = await usable(token, site, at);
      if (!link) return null;
      const used = await db.multipassLink.updateMany({
        where: { id: link.id, usedAt: null, expiresAt: { gt: at } },
        data: { usedAt: at },
      });
      return used.count === 1 ? { customerId: link.session.customerId, path: link.path } : null;
    },
  };
}
