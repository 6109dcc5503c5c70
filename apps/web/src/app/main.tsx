// First: it sets the order of the CSS layers (see the file).
import './global.css';
// Mantine's global styles; each component brings its own (build/mantine-styles.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { applyPreloadedStyles } from './preloaded-styles';
import { Providers } from './providers';
import { createAppRouter } from './router';
import { startup } from './startup';

startup();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// Before the router below exists (see applyPreloadedStyles). The development server links no stylesheets:
// there every one comes from dev-styles.ts.
const stylesReady = import.meta.env.DEV ? import('./dev-styles').then(() => undefined) : applyPreloadedStyles();

// Creating the router (a dozen milliseconds on a laptop, four times that on a slow phone) in a task of its own:
// evaluating the modules above is already a long task there, and the page answers no input during one. (Not
// with a top-level await: an entry that awaits makes Rolldown split it from its chunk and put a re-export
// file in front of every lazy screen, one more request each.)
setTimeout(() => {
  const router = createAppRouter();
  // By the time the stylesheets are in, the router has often loaded the first screen, which then renders whole
  // in this first render: as a transition React renders it in slices, yielding to the browser between them,
  // where an ordinary first render is one task (a quarter of a second on a slow phone).
  void stylesReady.then(() =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <Providers>
            <RouterProvider router={router} />
          </Providers>
        </StrictMode>,
      ),
    ),
  );
}, 0);
