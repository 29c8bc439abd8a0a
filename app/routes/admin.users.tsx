// /admin/users: the back office's users; an owner adds one, changes a role, disables or enables
// (docs/rules.md "Back office"). The admin service checks and audits each change.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AdminTableBox } from "~/components/admin/table-box";
import { ADMIN_ROLES, ROLE_LABELS } from "~/models/admin-roles";
import {
  ADMIN_NO_STORE,
  AdminUserError,
  adminUsers,
  backWithNotice,
  MIN_ADMIN_PASSWORD_LENGTH,
  requireAdmin,
} from "~/services/admin/index.server";
import { readFormData } from "~/utils/form.server";
import { formatShopStamp } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

export const meta: MetaFunction = () => [{ title: "Users · Back office" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "users.manage");
  return json(
    { users: await adminUsers.list(), me: admin.adminUserId, minPasswordLength: MIN_ADMIN_PASSWORD_LENGTH },
    { headers: ADMIN_NO_STORE },
  );
}

const text = (max: number) => z.string().max(max).catch("");
const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), email: text(200), name: text(200), role: text(40), password: text(200) }),
  z.object({ intent: z.literal("role"), userId: z.string().min(1).max(100), role: text(40) }),
  z.object({ intent: z.literal("disable"), userId: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("enable"), userId: z.string().min(1).max(100) }),
]);

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "users.manage");
  const form = await readFormData(request);
  const parsed = ActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return json({ message: "Choose what to do with a user.", field: null }, { status: 400, headers: ADMIN_NO_STORE });
  }
  const input = parsed.data;
  try {
    if (input.intent === "create") {
      const user = await adminUsers.create(input, admin);
      return backWithNotice(request, "/admin/users", { tone: "success", message: `${user.email} can now sign in.` });
    }
    const change = input.intent === "role" ? { role: input.role } : { disabled: input.intent === "disable" };
    const user = await adminUsers.update(input.userId, change, admin);
    return backWithNotice(request, "/admin/users", {
      tone: "success",
      message:
        input.intent === "role"
          ? `${user.email} is now ${user.roleLabel}.`
          : `${user.email} is ${user.disabled ? "disabled" : "enabled"}.`,
    });
  } catch (error) {
    if (error instanceof AdminUserError) {
      const status = error.message === "We could not find that user." ? 404 : 400;
      return json({ message: error.message, field: error.field }, { status, headers: ADMIN_NO_STORE });
    }
    throw error;
  }
}

export default function AdminUsers() {
  const { users, me, minPasswordLength } = useLoaderData<typeof loader>();
  const zone = useShopTimeZone();
  const reply = useActionData<typeof action>();
  const fieldError = (field: string) => (reply && reply.field === field ? reply.message : null);
  const input = (name: "email" | "name" | "password", label: string, type = "text") => {
    const error = fieldError(name);
    return (
      <p className="field">
        <label htmlFor={`new-${name}`}>{label}</label>
        <input
          id={`new-${name}`}
          name={name}
          type={type}
          required
          autoComplete={name === "password" ? "new-password" : "off"}
          minLength={name === "password" ? minPasswordLength : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `new-${name}-error` : undefined}
        />
        {error ? <span id={`new-${name}-error`}>{error}</span> : null}
      </p>
    );
  };
  return (
    <>
      <h1>Users</h1>
      {reply && !reply.field ? <p role="alert">{reply.message}</p> : null}
      <AdminTableBox label="Back-office users">
        <table className="admin-table">
          <caption>Back-office users</caption>
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Role</th>
              <th scope="col">State</th>
              <th scope="col">Last sign-in</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id}>
                <td>
                  {user.name}
                  <br />
                  {user.email}
                </td>
                <td>
                  {user.id === me ? (
                    user.roleLabel
                  ) : (
                    <Form method="post" className="admin-actions">
                      <input type="hidden" name="userId" value={user.id} />
                      <label htmlFor={`role-${user.id}`}>Role of {user.email}</label>
                      <select id={`role-${user.id}`} name="role" defaultValue={user.role}>
                        {ADMIN_ROLES.map((role) => (
                          <option key={role} value={role}>
                            {ROLE_LABELS[role]}
                          </option>
                        ))}
                      </select>
                      <button type="submit" name="intent" value="role" className="button">
                        Change role
                      </button>
                    </Form>
                  )}
                </td>
                <td>{user.disabled ? "Disabled" : user.lockedUntil ? "Locked" : "Active"}</td>
                <td>{user.lastSignInAt ? formatShopStamp(user.lastSignInAt, zone) : "Never"}</td>
                <td>
                  {user.id === me ? (
                    "You"
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="userId" value={user.id} />
                      <button
                        type="submit"
                        name="intent"
                        value={user.disabled ? "enable" : "disable"}
                        className="button"
                      >
                        {user.disabled ? "Enable" : "Disable"} {user.email}
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminTableBox>
      <h2>Add a user</h2>
      <Form method="post" className="admin-filters">
        {input("email", "Email", "email")}
        {input("name", "Name")}
        <p className="field">
          <label htmlFor="new-role">Role</label>
          <select id="new-role" name="role" defaultValue="support">
            {ADMIN_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </p>
        {input("password", `Password (at least ${minPasswordLength} characters)`, "password")}
        <button type="submit" name="intent" value="create" className="button">
          Add user
        </button>
      </Form>
    </>
  );
}
