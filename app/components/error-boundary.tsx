import { isRouteErrorResponse, useLocation, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { NotFoundContent } from "~/models/content";
import { DEFAULT_404_CTA, DEFAULT_404_TITLE, type ContentLink } from "~/models/content-links";
import { DATABASE_BUSY_MESSAGE, isDatabaseBusyBody } from "~/models/database-busy";
import type { SiteId } from "~/models/site";
import { ContentCarousels } from "./content-carousels";
import { ContentImage } from "./content-image";
import { ContentLinkTo } from "./content-link";

const isCommerceUnavailableBody = (data: unknown): data is { error: { message: string } } =>
  typeof data === "object" &&
  data !== null &&
  (data as { error?: { code?: unknown } }).error?.code === "COMMERCE_UNAVAILABLE" &&
  typeof (data as { error: { message?: unknown } }).error.message === "string";

type StatusHandler = (info: { pathname: string; data: unknown }) => ReactNode;

const defaultStatusHandlers: Record<number, StatusHandler> = {
  404: ({ pathname, data }) => <NotFoundPage pathname={pathname} data={data} />,
};

/** What the root loader gives the 404 page (content globals, spec defaults when missing). */
interface RootForNotFound {
  site: SiteId;
  notFound: NotFoundContent & { image: { id: string; width: number; height: number; alt: string } | null };
  freeShippingMinimumCents: number;
}

/** The carousels a 404 answer carries (notFoundResponse), when it does. */
function carouselsOf(data: unknown) {
  if (typeof data === "object" && data !== null && "carousels" in data && Array.isArray(data.carousels)) {
    return data.carousels as Parameters<typeof ContentCarousels>[0]["carousels"];
  }
  return [];
}

/**
 * The one error UI every route delegates to (docs/architecture.md "Errors"). Known statuses get
 * their own page; anything else is a 500 page that never shows internals.
 */
export function GeneralErrorBoundary({ statusHandlers }: { statusHandlers?: Record<number, StatusHandler> }) {
  const error = useRouteError();
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error)) {
    // Database busy (docs/rules.md): the thrown 503 answer carries the shopper's message.
    if (error.status === 503 && isDatabaseBusyBody(error.data)) {
      return (
        <ErrorPage title="The shop is busy" code={503}>
          <p role="alert">{DATABASE_BUSY_MESSAGE}</p>
        </ErrorPage>
      );
    }
    // The commerce platform out of reach (docs/rules.md "Shopify adapter"): its 503 says what to do.
    if (error.status === 503 && isCommerceUnavailableBody(error.data)) {
      return (
        <ErrorPage title="Please try again shortly" code={503}>
          <p role="alert">{error.data.error.message}</p>
        </ErrorPage>
      );
    }
    const handler = statusHandlers?.[error.status] ?? defaultStatusHandlers[error.status];
    if (handler) return <>{handler({ pathname, data: error.data })}</>;
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

/**
 * The 404 page (catalogue spec section 2): title, message, image and buttons from
 * the content globals (defaults '404 Error' and 'Back To Homepage'), then the
 * product carousel configured for page '404' when the answer carries it.
 */
export function NotFoundPage({ pathname, data }: { pathname: string; data?: unknown }) {
  const root = useRouteLoaderData("root") as RootForNotFound | undefined;
  const content = root?.notFound;
  const carousels = carouselsOf(data);
  return (
    <>
      <ErrorPage
        title={content?.title ?? DEFAULT_404_TITLE}
        code={404}
        actions={content?.cta ?? [DEFAULT_404_CTA]}
        image={
          content?.image ? (
            <ContentImage
              id={content.image.id}
              alt={content.image.alt}
              width={content.image.width}
              height={content.image.height}
              sizes="(max-width: 768px) 100vw, 400px"
              className="error-page__image"
            />
          ) : null
        }
      >
        <p>Page not found: {content?.message ?? "It may have moved, or the link may be out of date."}</p>
        <p>
          <code className="error-page__path">{pathname}</code>
        </p>
      </ErrorPage>
      {carousels.length > 0 && root ? (
        <ContentCarousels
          carousels={carousels}
          site={root.site}
          freeShippingMinimumCents={root.freeShippingMinimumCents}
          idPrefix="not-found"
        />
      ) : null}
    </>
  );
}

function ErrorPage({
  title,
  code,
  children,
  actions = [DEFAULT_404_CTA],
  image = null,
}: {
  title: string;
  code: number;
  children: ReactNode;
  actions?: ContentLink[];
  image?: ReactNode;
}) {
  return (
    <section className="error-page container" aria-labelledby="error-title">
      {image}
      <p className="error-page__code" aria-hidden="true">
        {code}
      </p>
      <h1 id="error-title">{title}</h1>
      {children}
      <p className="error-page__actions">
        {actions.map((link, index) => (
          <ContentLinkTo
            key={link.url}
            link={link}
            className={`button ${index === 0 ? "button--primary" : "button--secondary"}`}
          />
        ))}
      </p>
    </section>
  );
}
