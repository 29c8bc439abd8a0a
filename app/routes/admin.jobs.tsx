// /admin/jobs: each job's last runs and the recent failures (docs/rules.md "Back office: jobs").
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminTableBox } from "~/components/admin/table-box";
import { ADMIN_NO_STORE, requireAdmin } from "~/services/admin/index.server";
import { jobOverview, type JobRunView } from "~/services/jobs/index.server";
import { formatShopStamp } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

export const meta: MetaFunction = () => [{ title: "Jobs · Back office" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "jobs.view");
  return json(await jobOverview(), { headers: ADMIN_NO_STORE });
}

const time = (iso: string | null, zone: string) => (iso ? formatShopStamp(iso, zone, true) : "—");
const duration = (ms: number | null) => (ms === null ? "—" : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

function Runs({ caption, runs, showJob }: { caption: string; runs: JobRunView[]; showJob?: boolean }) {
  const zone = useShopTimeZone();
  return (
    <AdminTableBox label={caption}>
      <table className="admin-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {showJob ? <th scope="col">Job</th> : null}
            <th scope="col">Status</th>
            <th scope="col">Started</th>
            <th scope="col">Finished</th>
            <th scope="col">Duration</th>
            <th scope="col">Error or summary</th>
          </tr>
        </thead>
        <tbody>
          {runs.length === 0 ? (
            <tr>
              <td colSpan={showJob ? 6 : 5}>No runs recorded.</td>
            </tr>
          ) : null}
          {runs.map((run) => (
            <tr key={run.id}>
              {showJob ? <td>{run.job}</td> : null}
              <td>{run.status}</td>
              <td>{time(run.startedAt, zone)}</td>
              <td>{time(run.finishedAt, zone)}</td>
              <td>{duration(run.durationMs)}</td>
              <td className="admin-pre">{run.error ?? run.summary ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminTableBox>
  );
}

export default function AdminJobs() {
  const { jobs, failures } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Jobs</h1>
      <h2>Recent failures</h2>
      <Runs caption="Failed runs, newest first" runs={failures} showJob />
      {jobs.map((job) => (
        <section key={job.job} aria-labelledby={`job-${job.job}`}>
          <h2 id={`job-${job.job}`}>
            {job.job}
            {job.configured ? "" : " (not configured in this process)"}
          </h2>
          <Runs caption={`Last runs of ${job.job}`} runs={job.runs} />
        </section>
      ))}
    </>
  );
}
