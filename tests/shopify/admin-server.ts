// An Admin API server on loopback for the shop's Admin API calls: every request is validated and
// executed by graphql-js against Shopify's published Admin API schema (tests/shopify/admin-schema.ts),
// with resolvers over an in-memory store of metafields that follow Shopify's documented behaviour
// (metafieldsSet upserts by owner, namespace and key, at most 25 at once, all or nothing;
// metafieldsDelete answers null for a metafield that did not exist). Faults as the Storefront server's.
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { execute, parse, type GraphQLError } from "graphql";
import { adminSchema, validateAdminDocument } from "./admin-schema";

type Args = Record<string, unknown>;
interface Stored {
  type: string;
  value: string;
}

export interface AdminRequest {
  operationName: string | null;
  variables: Record<string, unknown>;
  errors: readonly GraphQLError[];
}

export async function startAdminServer(options: { token?: string; apiVersion?: string } = {}) {
  const token = options.token ?? "test-admin-token";
  const endpoint = `/admin/api/${options.apiVersion ?? "2026-04"}/graphql.json`;
  /** ownerId → "namespace.key" → metafield. */
  const metafields = new Map<string, Map<string, Stored>>();
  const requests: AdminRequest[] = [];
  const faults: { status?: 429 | 503; retryAfterSeconds?: number }[] = [];
  const sockets = new Set<Socket>();
  let nextId = 1;

  const ownerOf = (ownerId: string) => {
    if (!metafields.has(ownerId)) metafields.set(ownerId, new Map());
    return metafields.get(ownerId)!;
  };
  const root = {
    metafieldsSet: ({ metafields: inputs }: Args) => {
      const list = inputs as { ownerId: string; namespace: string; key: string; type: string; value: string }[];
      const errors = list.flatMap(
        (m, i): { field: string[]; message: string; code: string; elementIndex: number | null }[] =>
          list.length > 25
            ? [
                {
                  field: ["metafields"],
                  message: "Exceeded the maximum metafields input limit of 25.",
                  code: "LESS_THAN_OR_EQUAL_TO",
                  elementIndex: null,
                },
              ]
            : !m.ownerId.startsWith("gid://shopify/Customer/")
              ? [
                  {
                    field: ["metafields", String(i), "ownerId"],
                    message: "Owner does not exist.",
                    code: "INVALID",
                    elementIndex: i,
                  },
                ]
              : m.value === ""
                ? [
                    {
                      field: ["metafields", String(i), "value"],
                      message: "Value can't be blank.",
                      code: "BLANK",
                      elementIndex: i,
                    },
                  ]
                : [],
      );
      if (errors.length) return { metafields: null, userErrors: errors };
      const saved = list.map((m) => {
        ownerOf(m.ownerId).set(`${m.namespace}.${m.key}`, { type: m.type, value: m.value });
        return {
          id: `gid://shopify/Metafield/${nextId++}`,
          key: m.key,
          namespace: m.namespace,
          type: m.type,
          value: m.value,
        };
      });
      return { metafields: saved, userErrors: [] };
    },
    metafieldsDelete: ({ metafields: inputs }: Args) => {
      const list = inputs as { ownerId: string; namespace: string; key: string }[];
      return {
        deletedMetafields: list.map((m) => (ownerOf(m.ownerId).delete(`${m.namespace}.${m.key}`) ? m : null)),
        userErrors: [],
      };
    },
  };

  const reply = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "Content-Type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    if (req.method !== "POST" || req.url !== endpoint) return reply(res, 404, { errors: "Not Found" });
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        query: string;
        variables?: Record<string, unknown>;
        operationName?: string;
      };
      const recorded: AdminRequest = {
        operationName: body.operationName ?? null,
        variables: body.variables ?? {},
        errors: [],
      };
      requests.push(recorded);
      const fault = faults.shift();
      if (fault?.status === 429) {
        return reply(
          res,
          429,
          { errors: [{ message: "Throttled" }] },
          { "Retry-After": String(fault.retryAfterSeconds ?? 1) },
        );
      }
      if (fault?.status) return reply(res, fault.status, { errors: [{ message: "Service Unavailable" }] });
      if (req.headers["x-shopify-access-token"] !== token) {
        return reply(res, 401, {
          errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
        });
      }
      recorded.errors = validateAdminDocument(body.query);
      if (recorded.errors.length) return reply(res, 200, { errors: recorded.errors.map((e) => e.toJSON()) });
      void Promise.resolve(
        execute({
          schema: adminSchema,
          document: parse(body.query),
          rootValue: root,
          variableValues: recorded.variables,
          operationName: recorded.operationName ?? undefined,
        }),
      ).then((result) => reply(res, 200, result));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    metafields,
    requests,
    faults,
    close(): Promise<void> {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
