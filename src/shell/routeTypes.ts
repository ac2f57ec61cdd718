// The contract between the shell's router and the halves that fill it: what a route's handle may
// say, what the portal adds to the shared layout, and the options the router is built with.

import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';

export interface RouteHandle {
  /** The spec's route name (MotorOffer, ErrorPage …). */
  name?: string;
  /** A back action never returns to this route. */
  skipHistory?: boolean;
  /** The locale key of the page's name in the document title ("Help – GIC"). */
  titleKey?: string;
  /** "minimal": the login layout of spec §2 (logo and language only: login, register, reset). */
  layout?: 'default' | 'minimal';
}

/** What the portal adds to the shared layout; the public site alone leaves them out. */
export interface LayoutSlots {
  /** The logged-in bottom bar shown under 992 px. */
  bottomBar?: ReactNode;
  /** The logged-in main menu, in place of the product menu. */
  loggedInMenu?: ReactNode;
  /** The logged-in user's dropdown (profile, help, logout), in the top bar. */
  accountMenu?: ReactNode;
  /** Logged-in dialogs that may open over any page (inactivity warning, outdated details). */
  overlays?: ReactNode;
}

export interface AppRoutesOptions extends LayoutSlots {
  /**
   * More children of the root layout (the portal's pages), matched before page-not-found. A route
   * with the id of one of the site's own (MyDashboard) takes its place.
   */
  extraRoutes?: RouteObject[];
}
