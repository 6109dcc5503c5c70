// The development server bundles Mantine into one module, where the build's per-component stylesheets
// (build/mantine-styles.ts) cannot be attached: it loads every one of them.
import '@mantine/core/styles.layer.css';
import '@mantine/dates/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
