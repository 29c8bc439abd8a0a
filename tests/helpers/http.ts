import http from "node:http";

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One GET to a server on 127.0.0.1 (node:http: a custom Host header is sent as given), on a
 * connection of its own unless `agent` (a keep-alive pool, say) is given.
 */
export function httpGet(
  port: number,
  pathname: string,
  headers: Record<string, string> = {},
  agent: http.Agent | false = false,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: pathname, headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * One POST of `body` to a server on 127.0.0.1, on a connection of its own, with `headers`
 * (its Content-Length is set here).
 */
export function httpPost(
  port: number,
  pathname: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    http
      .request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: pathname,
          agent: false,
          headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
          );
          response.on("error", reject);
        },
      )
      .on("error", reject)
      .end(body);
  });
}
