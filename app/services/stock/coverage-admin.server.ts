// The back office's editor of the zip coverage per stock destination (docs/rules.md "Back office:
// catalogue"): the ZipRange rows the embedded stock provider answers `getCoverage` and
// `coversZip` from (read per call, so every process sees a change at once). Each change is one
// transaction with its audit entry.
import type { PrismaClient } from "~/generated/prisma/client";
import type { CoverageRange } from "~/models/admin-catalogue";
import type { AuditActor } from "~/models/audit";
import { recordAudit } from "~/services/audit/index.server";
import { isUniqueViolation } from "~/models/unique-violation";

export interface CoverageRow {
  id: number;
  destination: string;
  startZip: string;
  endZip: string;
}

const labelOf = (row: { destination: string; startZip: string; endZip: string }) =>
  `${row.destination} zips ${row.startZip}–${row.endZip}`;

export function createCoverageAdmin(db: PrismaClient) {
  return {
    list(): Promise<CoverageRow[]> {
      return db.zipRange.findMany({ orderBy: [{ destination: "asc" }, { startZip: "asc" }, { endZip: "asc" }] });
    },

    /** Adds a range; "exists" when the destination already has exactly this range. */
    async add(actor: AuditActor, range: CoverageRange): Promise<"added" | "exists"> {
      try {
        return await db.$transaction(async (tx) => {
          const row = await tx.zipRange.create({ data: range });
          await recordAudit(tx, actor, {
            action: "zip-range.create",
            subjectType: "zip-range",
            subjectId: String(row.id),
            subjectLabel: labelOf(row),
            before: null,
            after: { ...range },
          });
          return "added" as const;
        });
      } catch (error) {
        // The unique (destination, startZip, endZip): the range is there already.
        if (isUniqueViolation(error)) return "exists";
        throw error;
      }
    },

    /** Removes a range; false when there is none with this id. */
    async remove(actor: AuditActor, id: number): Promise<boolean> {
      return db.$transaction(async (tx) => {
        const row = await tx.zipRange.findUnique({ where: { id } });
        if (!row) return false;
        await tx.zipRange.delete({ where: { id } });
        await recordAudit(tx, actor, {
          action: "zip-range.delete",
          subjectType: "zip-range",
          subjectId: String(id),
          subjectLabel: labelOf(row),
          before: { destination: row.destination, startZip: row.startZip, endZip: row.endZip },
          after: null,
        });
        return true;
      });
    },
  };
}
