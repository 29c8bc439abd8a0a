// The scroll box of a wide back-office table (the admin-table-wrap class of admin.css): the
// shop's TableBox (app/components/table-box.tsx) with the back office's look.
import type { ReactNode } from "react";
import { TableBox } from "~/components/table-box";

export function AdminTableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableBox label={label} className="admin-table-wrap">
      {children}
    </TableBox>
  );
}
