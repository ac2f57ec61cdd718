import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/styles/tokens.css';
import './ui/styles/form.css';
import './app/app.css';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { applyThemeFromQuery } from './app/state/theme';
import { initI18n } from './i18n';
import { installPortalGuard } from './portal/guard';
import { portalRouterOptions } from './portal/routes';
import './portal/portal.css';

// Paint the visit's theme before the first render so a co-branded visit never flashes the default.
applyThemeFromQuery(window.location.search);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Render even if a locale file failed: the route error screens still give the visitor a way out.
initI18n()
  .catch((error: unknown) => console.error('Locale files failed to load', error))
  .finally(() => {
    // The public site and the portal share one router: the portal adds its routes, its parts of
    // the layout and the session half of the navigation guard.
    installPortalGuard();
    createRoot(root).render(
      <StrictMode>
        <App router={createAppRouter(portalRouterOptions())} />
      </StrictMode>,
    );
  });
