// `npm run admin:user -- --email you@shop.example --name "Your Name" --role owner`: adds a
// back-office user (docs/operations.md "Back office"). The password is read from the
// ADMIN_PASSWORD environment variable, never from the command line (it would stay in the shell's
// history). Runs with the database's own rights, so it is how the first real owner is made.
import { parseArgs } from "node:util";
import { prisma } from "~/db.server";
import { ADMIN_ROLES } from "~/models/admin-roles";
import { AdminUserError, adminUsers } from "~/services/admin/index.server";

const USAGE = `Usage: ADMIN_PASSWORD=... npm run admin:user -- --email EMAIL --name NAME --role ${ADMIN_ROLES.join("|")}`;

const { values } = parseArgs({
  options: { email: { type: "string" }, name: { type: "string" }, role: { type: "string" } },
});
const password = process.env.ADMIN_PASSWORD ?? "";
if (!values.email || !values.name || !values.role || !password) {
  console.error(USAGE);
  process.exit(2);
}
try {
  const user = await adminUsers.create({ email: values.email, name: values.name, role: values.role, password }, null);
  console.log(`Added ${user.email} (${user.roleLabel}). Sign in at /admin/login.`);
} catch (error) {
  if (!(error instanceof AdminUserError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await prisma.$disconnect();
}
