// Where a product is published (docs/rules.md "Back office: catalogue"): a badge per shop and a
// button to publish or unpublish it there; unpublishing asks first (`ConfirmPanel`).
import { Form } from "@remix-run/react";
import type { SiteId } from "~/models/site";
import type { ActionReply } from "~/utils/form";
import { ConfirmPanel } from "./confirm";
import { FormError } from "~/components/form-field";

interface Channel {
  site: SiteId;
  label: string;
  published: boolean;
}

export function ProductPublication({
  channels,
  canEdit,
  reply,
}: {
  channels: Channel[];
  canEdit: boolean;
  reply: ActionReply | undefined;
}) {
  const errors = reply && !reply.confirm ? Object.values(reply.error ?? {}).flatMap((e) => e ?? []) : [];
  return (
    <section aria-labelledby="publication">
      <h2 id="publication">Published on</h2>
      <FormError errors={errors} />
      <ConfirmPanel reply={reply?.confirm ? reply : undefined} />
      <ul className="admin-publication">
        {channels.map((channel) => (
          <li key={channel.site} className="admin-actions">
            <span>{channel.label}</span>
            <span className={`admin-badge admin-badge--${channel.published ? "ok" : "off"}`}>
              {channel.published ? "Published" : "Not published"}
            </span>
            {canEdit ? (
              <Form method="post">
                <input type="hidden" name="site" value={channel.site} />
                <button
                  type="submit"
                  name="intent"
                  value={channel.published ? "unpublish" : "publish"}
                  className={channel.published ? "button button--danger" : "button"}
                >
                  {channel.published ? "Unpublish from" : "Publish on"} the {channel.label}
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
