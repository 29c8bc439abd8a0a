// An entry's history (docs/rules.md "Back office: content"): every revision, newest first, each
// with a Restore button for an editor (restoring asks first: it replaces the draft).
import { Form } from "@remix-run/react";
import { AdminTableBox } from "~/components/admin/table-box";
import { formatShopStamp } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

interface Revision {
  id: string;
  action: string;
  title: string;
  actorEmail: string | null;
  createdAt: string;
}

export function EntryHistory({ revisions, canRestore }: { revisions: Revision[]; canRestore: boolean }) {
  const zone = useShopTimeZone();
  return (
    <AdminTableBox label="Revisions, newest first">
      <table className="admin-table">
        <caption>Revisions, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">Title</th>
            {canRestore ? <th scope="col">Restore</th> : null}
          </tr>
        </thead>
        <tbody>
          {revisions.map((revision) => (
            <tr key={revision.id}>
              <td>
                <time dateTime={revision.createdAt}>{formatShopStamp(revision.createdAt, zone, true)}</time>
              </td>
              <td>{revision.actorEmail ?? "—"}</td>
              <td>{revision.action}</td>
              <td>{revision.title}</td>
              {canRestore ? (
                <td>
                  <Form method="post">
                    <input type="hidden" name="revisionId" value={revision.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="restore"
                      className="button button--danger"
                      aria-label={`Restore the revision of ${revision.createdAt}`}
                    >
                      Restore
                    </button>
                  </Form>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </AdminTableBox>
  );
}
