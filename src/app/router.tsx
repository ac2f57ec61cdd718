// The data router: the spec's route table (§2) with its route names as route ids. The root
// route's loader runs the guards on every navigation (shouldRevalidate: always).

import type { ReactNode } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { guardNavigation } from './guards';
import { Layout, type RouteHandle } from './layout/Layout';
import { DelayedLoader } from './layout/Loader';
import { RouteErrorPage } from './layout/RouteErrorPage';
import { lazyNamed } from './lazy';
import { FlowRoutePage } from './pages/FlowRoutePage';
import { NotFoundPage } from './pages/NotFoundPage';
import {
  DASHBOARD_PATH,
  hasSendOffer,
  offerPath,
  PRODUCTS,
  type ProductKey,
  routeName,
  withQuery,
} from './routeTable';

const DashboardPage = lazyNamed(() => import('./pages/DashboardPage'), 'DashboardPage');
const PaymentCompletionPage = lazyNamed(
  () => import('./pages/PaymentCompletionPage'),
  'PaymentCompletionPage',
);
const ErrorPage = lazyNamed(() => import('./pages/ErrorPage'), 'ErrorPage');
const ContactPage = lazyNamed(() => import('./pages/ContactPage'), 'ContactPage');
const PromoPage = lazyNamed(() => import('./pages/PromoPage'), 'PromoPage');
const EmailValidationPage = lazyNamed(() => import('./pages/EmailValidationPage'), 'EmailValidationPage');
const CookiesPage = lazyNamed(() => import('./pages/CookiesPage'), 'CookiesPage');
const HelpPage = lazyNamed(() => import('./pages/HelpPage'), 'HelpPage');

/** Runs the guards; a redirect keeps whatever query the guard decided on. */
export async function guardLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const to = await guardNavigation({ pathname: url.pathname, search: url.search });
  return to ? redirect(to) : null;
}

/** A redirect route that carries the query along (the brand reference rides on it). */
const redirectKeepingQuery =
  (path: string) =>
  ({ request }: LoaderFunctionArgs) =>
    redirect(withQuery(path, new URL(request.url).search));

function productRoutes(product: ProductKey): RouteObject[] {
  const routes: RouteObject[] = [
    {
      path: product,
      loader: redirectKeepingQuery(offerPath(product, 1)),
      element: null,
      handle: { skipHistory: true },
    },
    {
      id: routeName(product, 'offer'),
      path: `${product}/offer/:step`,
      element: <FlowRoutePage product={product} section="offer" />,
      handle: { name: routeName(product, 'offer') } satisfies RouteHandle,
    },
    {
      id: routeName(product, 'payment'),
      path: `${product}/payment/:step`,
      element: <FlowRoutePage product={product} section="payment" />,
      handle: { name: routeName(product, 'payment') } satisfies RouteHandle,
    },
  ];
  if (hasSendOffer(product)) {
    routes.push({
      id: routeName(product, 'send-offer'),
      path: `${product}/send-offer`,
      element: <FlowRoutePage product={product} section="send-offer" />,
      handle: { name: routeName(product, 'send-offer') } satisfies RouteHandle,
    });
  }
  return routes;
}

const page = (id: string, path: string, element: ReactNode, skipHistory = false): RouteObject => ({
  id,
  path,
  element,
  handle: { name: id, skipHistory } satisfies RouteHandle,
});

export interface AppRoutesOptions {
  /** More children of the root layout (the portal's pages), matched before page-not-found. */
  extraRoutes?: RouteObject[];
  /** The logged-in bottom bar for phones (the portal's). */
  bottomBar?: ReactNode;
}

export function appRoutes({ extraRoutes = [], bottomBar }: AppRoutesOptions = {}): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      element: <Layout bottomBar={bottomBar} />,
      loader: guardLoader,
      shouldRevalidate: () => true,
      hydrateFallbackElement: <DelayedLoader />,
      errorElement: <RouteErrorPage />,
      children: [
        {
          index: true,
          loader: redirectKeepingQuery(DASHBOARD_PATH),
          element: null,
          handle: { skipHistory: true },
        },
        page('MyDashboard', 'my-dashboard', <DashboardPage />),
        ...PRODUCTS.flatMap(productRoutes),
        page('PaymentCompletion', 'payment-completion/:id', <PaymentCompletionPage />, true),
        page('ErrorPage', 'error', <ErrorPage />, true),
        page('Contact', 'contact', <ContactPage />),
        page('Promo', 'promo', <PromoPage />, true),
        page('EmailValidation', 'email-validation', <EmailValidationPage />, true),
        page('Cookies', 'cookies', <CookiesPage />),
        page('HelpPage', 'help-page', <HelpPage />),
        ...extraRoutes,
        page('NotFound', '*', <NotFoundPage />, true),
      ],
    },
  ];
}

export function createAppRouter(options?: AppRoutesOptions) {
  return createBrowserRouter(appRoutes(options));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
