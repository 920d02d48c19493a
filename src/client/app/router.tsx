/** The router, built from the page route table of src/shared/pageRoutes. */
import { useEffect } from 'react';
import { createBrowserRouter, isRouteErrorResponse, Outlet, useLocation, useRouteError, type RouteObject } from 'react-router';
import { chooseLayout } from '../../shared/layouts';
import { pageNotFound } from '../../shared/messages';
import { homePath, type GuardSession } from '../../shared/pageAccess';
import { PAGE_ROUTES } from '../../shared/pageRoutes';
import { LAYOUT_COMPONENTS } from '../layouts/layouts';
import { SupportButton } from '../features/support/SupportButton';
import { ErrorScreen } from '../ui/ErrorScreen';
import { useBrand } from './appConfig';
import { reportClientError } from './errorReporting';
import { pageFor } from './pages';
import { RouteGate } from './RouteGate';
import { useGuardSession } from './sessionView';

function PageTitle({ title }: { title: string }) {
  const brand = useBrand();
  useEffect(() => {
    document.title = `${title} · ${brand}`;
  }, [title, brand]);
  return null;
}

function NotFoundPage() {
  const session = useGuardSession();
  const { pathname } = useLocation();
  const Layout = LAYOUT_COMPONENTS[chooseLayout(undefined, session.status === 'authenticated')];
  return (
    <Layout>
      <PageTitle title="Not Found" />
      <ErrorScreen status={404} message={pageNotFound(pathname)} homePath={homePath(session)} support={supportFor(session)} />
    </Layout>
  );
}

/** Shown when a page throws or fails to load: reported, with a retry. */
function RouteError() {
  const error = useRouteError();
  const session = useGuardSession();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  useEffect(() => {
    if (status >= 500) reportClientError(error);
  }, [error, status]);
  return (
    <ErrorScreen status={status} homePath={homePath(session)} onRetry={() => window.location.reload()} support={supportFor(session)} />
  );
}

/** The error screens offer the support form to a signed-in user. */
const supportFor = (session: GuardSession) =>
  session.status === 'authenticated' ? <SupportButton text="Contact support" minimal={false} /> : undefined;

/** The route objects: every page of the table, then the unknown-path screen. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <Outlet />,
      errorElement: <RouteError />,
      children: [
        ...PAGE_ROUTES.map((route): RouteObject => {
          const Page = pageFor(route);
          return {
            path: route.path,
            element: (
              <RouteGate route={route}>
                <PageTitle title={route.title} />
                <Page />
              </RouteGate>
            ),
          };
        }),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

/** The browser router of the app's pages. */
export const createAppRouter = () => createBrowserRouter(buildRoutes());
export type AppRouter = ReturnType<typeof createAppRouter>;
