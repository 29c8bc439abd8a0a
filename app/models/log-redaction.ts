// What a log line may say about a URL (docs/rules.md "Logs carry no secrets"): query
// parameters that carry credentials are replaced, and so is the token in a multipass path.

/** Query parameters whose values are credentials: password-reset tokens, JWTs, OpenID codes. */
export const SECRET_QUERY_PARAMETERS = [
  "token",
  "jwt",
  "sessionToken",
  "code",
  "state",
  "password",
  "key",
  "signature",
];

const SECRET_PATH = /^(\/multipass\/)[^/?#]+/;

/** A request path and query safe to log: secret values become "[redacted]". */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf("?");
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(SECRET_PATH, "$1[redacted]");
  if (queryAt === -1) return path;
  const secret = new Set(SECRET_QUERY_PARAMETERS.map((name) => name.toLowerCase()));
  const query = url
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => {
      const name = pair.split("=", 1)[0];
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as sent
      }
      return secret.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join("&");
  return `${path}?${query}`;
}
