// The studio's entry (studio.html): the site's design tokens and form classes, the studio's own
// styles, its strings, then the router. Nothing here is part of the public site's bundle.

import '../ui/styles/tokens.css';
import '../ui/styles/form.css';
import './layout/studio.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createStudioRouter } from './App';
import { initStudioI18n } from './i18n';

const root = document.getElementById('root');
if (!root) throw new Error('studio.html has no #root element');

initStudioI18n()
  .catch((error: unknown) => console.error('The studio strings failed to load', error))
  .finally(() => {
    createRoot(root).render(
      <StrictMode>
        <Suspense fallback={null}>
          <App router={createStudioRouter()} />
        </Suspense>
      </StrictMode>,
    );
  });
