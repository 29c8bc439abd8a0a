// `npm run start:postgres`: the shop on PostgreSQL in one command, with no server of your
// own: a local PostgreSQL (scripts/postgres.mjs; its data kept in data/postgres, port
// POSTGRES_PORT or 5433), then `npm start` on it. Ctrl-C stops both. To use a server you
// already have, run `DATABASE_URL=postgresql://user:password@host:5432/shop npm start`.
import { spawn } from "node:child_process";
import path from "node:path";
import { startPostgres } from "./postgres.mjs";

const server = await startPostgres({
  port: Number(process.env.POSTGRES_PORT ?? 5433),
  dir: path.join("data", "postgres"),
});
console.log(`PostgreSQL on ${server.url}`);
const shop = spawn("npm", ["start"], { stdio: "inherit", env: { ...process.env, DATABASE_URL: server.url } });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => shop.kill(signal));
shop.on("exit", async (code) => {
  await server.stop();
  process.exit(code ?? 0);
});
