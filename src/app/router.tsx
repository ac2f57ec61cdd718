// The data router: the spec's route table (§2) with its route names as route ids. The root
// route's loader runs the guards on every navigation (shouldRevalidate: always).

import i18next from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { guardNavigation } from '../shell/guards';
import { NotFoundPage } from '../shell/pages/NotFoundPage';
import {
  DASHBOARD_PATH,
  hasSendOffer,
  offerPath,
  PRODUCTS,
  type ProductKey,
  routeName,
  withQuery,
} from '../shell/routeTable';
import type { AppRoutesOptions, RouteHandle } from '../shell/routeTypes';
import { DelayedLoader } from '../ui/layout/Loader';
import { lazyNamed } from '../ui/lazy';
import { Layout } from './layout/Layout';
import { RouteErrorPage } from './layout/RouteErrorPage';
import { FlowRoutePage } from './pages/FlowRoutePage';

/**
 * A page's chunk and its strings, fetched in parallel: the 'pages' namespace is not loaded at start
 * (a product flow's first paint does not need it), and the page would otherwise ask for it only
 * after its chunk arrived.
 */
function lazyPage<K extends string>(factory: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazyNamed(
    () => Promise.all([factory(), i18next.loadNamespaces('pages')]).then(([module]) => module),
    name,
  );
}

const DashboardPage = lazyPage(() => import('./pages/DashboardPage'), 'DashboardPage');
const PaymentCompletionPage = lazyPage(
  () => import('./pages/PaymentCompletionPage'),
  'PaymentCompletionPage',
);
const ErrorPage = lazyPage(() => import('./pages/ErrorPage'), 'ErrorPage');
const ContactPage = lazyPage(() => import('./pages/ContactPage'), 'ContactPage');
const PromoPage = lazyPage(() => import('./pages/PromoPage'), 'PromoPage');
const EmailValidationPage = lazyPage(() => import('./pages/EmailValidationPage'), 'EmailValidationPage');
const CookiesPage = lazyPage(() => import('./pages/CookiesPage'), 'CookiesPage');
const HelpPage = lazyPage(() => import('./pages/HelpPage'), 'HelpPage');
const VerifyPage = lazyPage(() => import('./pages/VerifyPage'), 'VerifyPage');
const WithdrawPage = lazyPage(() => import('./pages/WithdrawPage'), 'WithdrawPage');

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

const productTitle = (product: ProductKey) => `common:products.${product}.name`;

function productRoutes(product: ProductKey): RouteObject[] {
  const routes: RouteObject[] = [
    {
      path: product,
      caseSensitive: true,
      loader: redirectKeepingQuery(offerPath(product, 1)),
      element: null,
      handle: { skipHistory: true },
    },
    {
      id: routeName(product, 'offer'),
      path: `${product}/offer/:step`,
      caseSensitive: true,
      element: <FlowRoutePage product={product} section="offer" />,
      handle: { name: routeName(product, 'offer'), titleKey: productTitle(product) } satisfies RouteHandle,
    },
    {
      id: routeName(product, 'payment'),
      path: `${product}/payment/:step`,
      caseSensitive: true,
      element: <FlowRoutePage product={product} section="payment" />,
      handle: { name: routeName(product, 'payment'), titleKey: productTitle(product) } satisfies RouteHandle,
    },
  ];
  if (hasSendOffer(product)) {
    routes.push({
      id: routeName(product, 'send-offer'),
      path: `${product}/send-offer`,
      caseSensitive: true,
      element: <FlowRoutePage product={product} section="send-offer" />,
      handle: {
        name: routeName(product, 'send-offer'),
        titleKey: productTitle(product),
      } satisfies RouteHandle,
    });
  }
  return routes;
}

const page = (
  id: string,
  path: string,
  element: ReactNode,
  titleKey: string,
  skipHistory = false,
): RouteObject => ({
  id,
  path,
  // The spec's paths are lower case; /Driver/offer/1 is not one of them, and the guards (which
  // compare product names exactly) must see the same routes the router does.
  caseSensitive: true,
  element,
  handle: { name: id, skipHistory, titleKey } satisfies RouteHandle,
});

export function appRoutes({ extraRoutes = [], ...slots }: AppRoutesOptions = {}): RouteObject[] {
  const replaced = new Set(extraRoutes.map((r) => r.id).filter(Boolean));
  const own = (route: RouteObject) => !route.id || !replaced.has(route.id);
  return [
    {
      id: 'root',
      path: '/',
      element: <Layout {...slots} />,
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
        ...[page('MyDashboard', 'my-dashboard', <DashboardPage />, 'pages:dashboard.pageTitle')].filter(own),
        ...PRODUCTS.flatMap(productRoutes),
        page(
          'PaymentCompletion',
          'payment-completion/:id',
          <PaymentCompletionPage />,
          'pages:completion.pageTitle',
          true,
        ),
        page('ErrorPage', 'error', <ErrorPage />, 'pages:error.title', true),
        page('Contact', 'contact', <ContactPage />, 'pages:contact.title'),
        page('Promo', 'promo', <PromoPage />, 'pages:promo.title', true),
        page(
          'EmailValidation',
          'email-validation',
          <EmailValidationPage />,
          'pages:emailValidation.title',
          true,
        ),
        page('Cookies', 'cookies', <CookiesPage />, 'pages:cookies.title'),
        page('HelpPage', 'help-page', <HelpPage />, 'pages:help.title'),
        // The page a certificate of insurance's QR code opens; not a visit to remember.
        page('Verify', 'verify/:token', <VerifyPage />, 'pages:verify.title', true),
        // The policy e-mail's withdrawal link (/withdraw#<token>), for a buyer without an account.
        page('Withdraw', 'withdraw', <WithdrawPage />, 'pages:withdraw.title', true),
        ...extraRoutes,
        // Development only (npm run dev): the flow preview. The production build drops the branch
        // and with it every module under src/dev.
        ...(import.meta.env.DEV
          ? [
              {
                path: 'dev/flows/*',
                handle: { name: 'DevFlows', skipHistory: true } satisfies RouteHandle,
                lazy: () => import('../dev/DevFlowsPage').then((m) => ({ Component: m.DevFlowsPage })),
              },
            ]
          : []),
        page('NotFound', '*', <NotFoundPage />, 'common:notFound.title', true),
      ],
    },
  ];
}

export function createAppRouter(options?: AppRoutesOptions) {
  return createBrowserRouter(appRoutes(options));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
