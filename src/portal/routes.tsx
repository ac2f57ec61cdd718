// The portal's routes (spec §2), added to the app's router by main.tsx: the login layout's pages
// (login, register, reset-password), the logged-in pages, and the terms of use. Each page is its
// own chunk, fetched together with its strings.

import i18next from 'i18next';
import { type ComponentType, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import type { AppRoutesOptions, RouteHandle } from '../shell/routeTypes';
import { lazyNamed } from '../ui/lazy';
import { CLAIM_WIZARDS } from './claimWizards';

const PORTAL_NAMESPACES = ['portal', 'validation'];

function lazyPage<K extends string, P extends object = object>(
  factory: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
  namespaces: string[] = PORTAL_NAMESPACES,
) {
  return lazyNamed<P, K>(
    () => Promise.all([factory(), i18next.loadNamespaces(namespaces)]).then(([module]) => module),
    name,
  );
}

const LoginPage = lazyPage(() => import('./pages/LoginPage'), 'LoginPage');
const DashboardPage = lazyPage(() => import('./pages/DashboardPage'), 'DashboardPage', [
  ...PORTAL_NAMESPACES,
  'contracts',
  'claims',
]);
const ProfilePage = lazyPage(() => import('./pages/ProfilePage'), 'ProfilePage');
const CONTRACTS_NAMESPACES = ['portal', 'validation', 'contracts'];
const ContractsPage = lazyPage(() => import('./pages/ContractsPage'), 'ContractsPage', CONTRACTS_NAMESPACES);
const ContractDetailPage = lazyPage(
  () => import('./pages/ContractDetailPage'),
  'ContractDetailPage',
  CONTRACTS_NAMESPACES,
);
const OffersPage = lazyPage(() => import('./pages/OffersPage'), 'OffersPage', CONTRACTS_NAMESPACES);
const ClaimsPage = lazyPage(() => import('./pages/ListPages'), 'ClaimsPage', [
  ...PORTAL_NAMESPACES,
  'claims',
]);
const ClaimDetailPage = lazyPage(() => import('./pages/ClaimDetailPage'), 'ClaimDetailPage', [
  ...PORTAL_NAMESPACES,
  'claims',
]);
const DocumentsPage = lazyPage(() => import('./pages/DocumentsPage'), 'DocumentsPage', [
  ...PORTAL_NAMESPACES,
  'claims',
  'endorsements',
]);
const TermsPage = lazyPage(() => import('./pages/TermsPage'), 'TermsPage', ['terms', 'portal']);
const RequestsPage = lazyPage(() => import('./requests/RequestsPage'), 'RequestsPage', [
  ...PORTAL_NAMESPACES,
  'requests',
]);
const EndorsementsPage = lazyPage(() => import('./pages/EndorsementsPage'), 'EndorsementsPage', [
  ...PORTAL_NAMESPACES,
  'endorsements',
]);
const PaymentMethodPage = lazyPage(() => import('./pages/PaymentMethodPage'), 'PaymentMethodPage', [
  'portal',
  'validation',
  'flow',
  'paymethod',
]);
const PortalFlowPage = lazyPage<
  'PortalFlowPage',
  { flowId: string; presetFromParams?: Record<string, string>; stepInUrl?: boolean }
>(() => import('./pages/PortalFlowPage'), 'PortalFlowPage');

function route(
  id: string,
  path: string,
  element: ReactNode,
  titleKey: string,
  extra: Partial<RouteHandle> = {},
): RouteObject {
  return {
    id,
    path,
    caseSensitive: true,
    element,
    handle: { name: id, titleKey, ...extra } satisfies RouteHandle,
  };
}

export function portalRoutes(): RouteObject[] {
  const minimal = { layout: 'minimal' as const };
  return [
    route('Login', 'login', <LoginPage />, 'portal:login.title', { ...minimal, skipHistory: true }),
    route('Register', 'register', <PortalFlowPage flowId="register" />, 'portal:register.pageTitle', {
      ...minimal,
      skipHistory: true,
    }),
    route(
      'ResetPassword',
      'reset-password',
      <PortalFlowPage flowId="reset-password" />,
      'portal:resetPassword.pageTitle',
      { ...minimal, skipHistory: true },
    ),
    route('MyDashboard', 'my-dashboard', <DashboardPage />, 'portal:dashboard.pageTitle'),
    route('MyProfile', 'my-profile', <ProfilePage />, 'portal:profile.title'),
    route('MyContracts', 'my-contracts', <ContractsPage />, 'contracts:list.title'),
    route('MyContract', 'my-contract/:contractId', <ContractDetailPage />, 'contracts:detail.pageTitle'),
    route(
      'MyContractEndorsements',
      'my-contract/:contractId/endorsements',
      <EndorsementsPage />,
      'endorsements:pageTitle',
    ),
    route('MyOffers', 'my-offers', <OffersPage />, 'contracts:offers.title'),
    route('MyClaims', 'my-claims', <ClaimsPage />, 'portal:claims.title'),
    route('MyClaim', 'my-claims/:claimNo', <ClaimDetailPage />, 'claims:detail.pageTitle'),
    route('MyDocuments', 'my-documents', <DocumentsPage />, 'portal:documents.title'),
    route(
      'PaymentMethodDetails',
      'my-contract/:contractId/payment-method-details',
      <PaymentMethodPage />,
      'paymethod:title',
    ),
    route('TermsOfUse', 'terms-of-use', <TermsPage />, 'terms:title'),
    route('MyRequests', 'my-requests', <RequestsPage />, 'requests:list.title'),
    route('NewRequest', 'new-request', <PortalFlowPage flowId="new-request" />, 'requests:newPage.title'),
    ...CLAIM_WIZARDS.map((wizard) =>
      route(
        wizard.name,
        wizard.path.slice(1),
        <PortalFlowPage
          flowId={wizard.flowId}
          presetFromParams={
            wizard.contractParam ? { [wizard.contractParam]: 'CS_CLAIM.CONTRACT_NO' } : undefined
          }
          stepInUrl
        />,
        wizard.titleKey,
      ),
    ),
  ];
}

// The logged-in parts of the layout are chunks of their own: a visitor of the public site never
// downloads them.
const PortalMenu = lazyNamed(() => import('./layout/PortalMenu'), 'PortalMenu');
const AccountMenu = lazyNamed(() => import('./layout/AccountMenu'), 'AccountMenu');
const BottomBar = lazyNamed(() => import('./layout/BottomBar'), 'BottomBar');
const PortalOverlays = lazyNamed(() => import('./layout/Overlays'), 'PortalOverlays');

/** The logged-in parts of the layout wait for their chunk and strings rather than suspending the page. */
function WithPortalStrings({ children }: { children: ReactNode }) {
  const { ready } = useTranslation('portal', { useSuspense: false });
  return ready ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** What main.tsx gives the app's router: the portal's routes and its parts of the layout. */
export function portalRouterOptions(): AppRoutesOptions {
  return {
    extraRoutes: portalRoutes(),
    loggedInMenu: (
      <WithPortalStrings>
        <PortalMenu />
      </WithPortalStrings>
    ),
    accountMenu: (
      <WithPortalStrings>
        <AccountMenu />
      </WithPortalStrings>
    ),
    bottomBar: (
      <WithPortalStrings>
        <BottomBar />
      </WithPortalStrings>
    ),
    overlays: (
      <WithPortalStrings>
        <PortalOverlays />
      </WithPortalStrings>
    ),
  };
}
