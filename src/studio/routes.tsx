// The studio's routes. Everything but the sign-in page sits under the shell route,
// whose loader is the guard (layout/session.ts) and runs on every navigation. The editor, texts,
// tariff and scenarios pages are lazy chunks: their files export the named page.

import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { AuditPage } from './admin/AuditPage';
import { StaffPage } from './admin/StaffPage';
import { FlowsPage } from './flows/FlowsPage';
import { Layout } from './layout/Layout';
import { RouteError } from './layout/RouteError';
import { SHELL_ROUTE_ID, shellLoader } from './layout/session';
import { ItemPage } from './review/ItemPage';
import { SignInPage, signInLoader } from './signin/SignInPage';

/** A lazy route's page: `lazy` of React Router with the module's named export. */
const lazyPage =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  async () => ({ Component: (await load())[name] });

export const studioRoutes: RouteObject[] = [
  { path: '/studio/signin', loader: signInLoader, Component: SignInPage, errorElement: <RouteError /> },
  {
    id: SHELL_ROUTE_ID,
    path: '/studio',
    loader: shellLoader,
    // Every navigation asks the service whether the session still lives.
    shouldRevalidate: () => true,
    Component: Layout,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, Component: FlowsPage },
          { path: 'items/:kind/:key', Component: ItemPage },
          {
            path: 'items/:kind/:key/edit',
            lazy: lazyPage(() => import('./editor/FlowEditorPage'), 'FlowEditorPage'),
          },
          {
            path: 'items/:kind/:key/tariff',
            lazy: lazyPage(() => import('./tariffs/TariffPage'), 'TariffPage'),
          },
          {
            path: 'items/flow/:key/scenarios',
            lazy: lazyPage(() => import('./scenarios/ScenariosPage'), 'ScenariosPage'),
          },
          { path: 'texts/:key', lazy: lazyPage(() => import('./texts/TextsPage'), 'TextsPage') },
          { path: 'staff', Component: StaffPage },
          { path: 'audit', Component: AuditPage },
          {
            path: '*',
            loader: () => {
              throw new Response('', { status: 404 });
            },
          },
        ],
      },
    ],
  },
];
