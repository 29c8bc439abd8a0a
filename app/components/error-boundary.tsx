import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";

type StatusHandler = (info: { pathname: string }) => ReactNode;

const defaultStatusHandlers: Record<number, StatusHandler> = {
  404: ({ pathname }) => <NotFoundPage pathname={pathname} />,
};

/**
 * The one error UI every route delegates to (CONVENTIONS 5). Known statuses get
 * their own page; anything else is a 500 page that never shows internals.
 */
export function GeneralErrorBoundary({ statusHandlers }: { statusHandlers?: Record<number, StatusHandler> }) {
  const error = useRouteError();
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status] ?? defaultStatusHandlers[error.status];
    if (handler) return <>{handler({ pathname })}</>;
    if (error.status < 500) {
      return (
        <ErrorPage title="We couldn't do that" code={error.status}>
          <p>{typeof error.data === "string" ? error.data : "The request could not be completed."}</p>
        </ErrorPage>
      );
    }
  }
  return (
    <ErrorPage title="Something went wrong" code={500}>
      <p>We're sorry, an unexpected error occurred on our side. Please try again in a moment.</p>
    </ErrorPage>
  );
}

/** The 404 page (catalogue spec section 2): "Page not found" and 'Back To Homepage'. */
export function NotFoundPage({ pathname }: { pathname: string }) {
  return (
    <ErrorPage title="Page not found" code={404}>
      <p>
        We couldn't find <code className="error-page__path">{pathname}</code>. It may have moved, or the link may be out
        of date.
      </p>
    </ErrorPage>
  );
}

function ErrorPage({ title, code, children }: { title: string; code: number; children: ReactNode }) {
  return (
    <section className="error-page container" aria-labelledby="error-title">
      <p className="error-page__code" aria-hidden="true">
        {code}
      </p>
      <h1 id="error-title">{title}</h1>
      {children}
      <Link to="/" className="button button--primary">
        Back To Homepage
      </Link>
    </section>
  );
}
