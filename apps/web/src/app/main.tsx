// First: it sets the order of the CSS layers (see the file).
import './global.css';
// Mantine's global styles; each component brings its own (build/mantine-styles.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
// First: the router created below asks for the first screen's chunks at once (see the module).
import { preloadedStylesApplied } from './preloaded-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './providers';
import { router } from './router';
import { startup } from './startup';

if (import.meta.env.DEV) await import('./dev-styles');

startup();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

void preloadedStylesApplied.then(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
