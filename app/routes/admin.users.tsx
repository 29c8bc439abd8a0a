// /admin/users: the back office's users; an owner adds one, changes a role, disables (after a
// confirmation) or enables (docs/rules.md "Back office"). The page's actions are `USER_INTENTS`
// (app/models/admin-users.ts), run by `adminIntents`; the admin service checks and audits each.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmPanel } from "~/components/admin/confirm";
import { AdminTableBox } from "~/components/admin/table-box";
import { FormError, SelectField, TextField } from "~/components/form-field";
import { ADMIN_ROLES, ROLE_LABELS } from "~/models/admin-roles";
import { disableUserQuestion, MIN_ADMIN_PASSWORD_LENGTH, USER_INTENTS } from "~/models/admin-users";
import { formatShopStamp } from "~/models/shop-time";
import {
  ADMIN_NO_STORE,
  AdminUserError,
  adminUsers,
  backWithNotice,
  requireAdmin,
} from "~/services/admin/index.server";
import { adminIntents } from "~/utils/admin-action.server";
import { replyFor } from "~/utils/form";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

export const meta: MetaFunction = () => [{ title: "Users · Back office" }, { name: "robots", content: "noindex" }];

const PAGE = "/admin/users";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "users.manage");
  return json({ users: await adminUsers.list(), me: admin.adminUserId }, { headers: ADMIN_NO_STORE });
}

async function emailOf(userId: string): Promise<string> {
  const user = (await adminUsers.list()).find((u) => u.id === userId);
  if (!user) throw new AdminUserError("We could not find that user.", undefined, 404);
  return user.email;
}

export async function action({ request }: ActionFunctionArgs) {
  const done = (message: string) => backWithNotice(request, PAGE, { tone: "success", message });
  return adminIntents(request, {
    permission: "users.manage",
    intents: USER_INTENTS,
    questions: { disable: async ({ userId }) => disableUserQuestion(await emailOf(userId)) },
    handlers: {
      create: async (input, { admin }) => done(`${(await adminUsers.create(input, admin)).email} can now sign in.`),
      role: async ({ userId, role }, { admin }) => {
        const user = await adminUsers.update(userId, { role }, admin);
        return done(`${user.email} is now ${user.roleLabel}.`);
      },
      disable: async ({ userId }, { admin }) =>
        done(`${(await adminUsers.update(userId, { disabled: true }, admin)).email} is disabled.`),
      enable: async ({ userId }, { admin }) =>
        done(`${(await adminUsers.update(userId, { disabled: false }, admin)).email} is enabled.`),
    },
  });
}

const roleOptions = ADMIN_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export default function AdminUsers() {
  const { users, me } = useLoaderData<typeof loader>();
  const zone = useShopTimeZone();
  const data = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "new-user",
    lastResult: replyFor(data, "create"),
    constraint: getZodConstraint(USER_INTENTS.create.schema),
    defaultValue: { role: "support" },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: USER_INTENTS.create.schema }),
  });
  // A row's refusal (your own role, a user gone) shows above the table.
  const row = (["role", "disable", "enable"] as const).map((intent) => replyFor(data, intent)).find(Boolean);
  const rowErrors = row && !row.confirm ? Object.values(row.error ?? {}).flatMap((errors) => errors ?? []) : [];
  return (
    <>
      <h1>Users</h1>
      <FormError errors={rowErrors} />
      <ConfirmPanel reply={replyFor(data, "disable")} />
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
                      <label htmlFor={`role-${user.id}`} className="visually-hidden">
                        Role of {user.email}
                      </label>
                      <select id={`role-${user.id}`} name="role" defaultValue={user.role}>
                        {roleOptions.map((option) => (
                          <option key={option.value} value={option.value}>
                            {option.label}
                          </option>
                        ))}
                      </select>
                      <button type="submit" name="intent" value="role" className="button">
                        Change role
                      </button>
                    </Form>
                  )}
                </td>
                <td>
                  <span
                    className={`admin-badge admin-badge--${user.disabled ? "off" : user.lockedUntil ? "warn" : "ok"}`}
                  >
                    {user.disabled ? "Disabled" : user.lockedUntil ? "Locked" : "Active"}
                  </span>
                </td>
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
                        className={user.disabled ? "button" : "button button--danger"}
                      >
                        {user.disabled ? "Enable" : "Disable"}
                        <span className="visually-hidden"> {user.email}</span>
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
      <Form method="post" className="admin-form" {...getFormProps(form)}>
        <FormError errors={form.errors} id={form.errorId} />
        <TextField field={fields.email} label="Email" type="email" autoComplete="off" />
        <TextField field={fields.name} label="Name" autoComplete="off" />
        <SelectField field={fields.role} label="Role" options={roleOptions} />
        <TextField
          field={fields.password}
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${MIN_ADMIN_PASSWORD_LENGTH} characters.`}
        />
        <button type="submit" name="intent" value="create" className="button">
          Add user
        </button>
      </Form>
    </>
  );
}
