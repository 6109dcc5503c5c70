import type { Plugin } from 'vite';

/** A component's class-name map in @mantine/core's ESM build, `…/Button/Button.module.mjs`. */
const CORE_CLASSES = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.+[\\/])?([A-Za-z]+)\.module\.mjs$/;
/** The same in the packages that ship one stylesheet for all their components. */
const PACKAGE_CLASSES = /[\\/]@mantine[\\/](dates|notifications)[\\/]esm[\\/].+\.module\.mjs$/;

/**
 * Each Mantine component's stylesheet goes where the component goes. The build attaches it to the module of
 * the component's class names (@mantine/core ships one file per component, `styles/Button.layer.css`), so a
 * chunk carries the CSS of exactly the components it uses, dependencies first as the module graph orders
 * them; main.tsx imports only the global ones. The login and the
 * dashboards loaded 276 KB of CSS (33 KB gzip) for the whole library; parsing it and matching its rules
 * was a long task of its own on a phone (issue 16). The files are Mantine's layered ones (`@layer mantine`),
 * so the app's own CSS wins over them whatever order the chunks arrive in. The development server bundles
 * Mantine into one module, so there main.tsx imports every stylesheet (src/app/dev-styles.ts).
 */
export function mantineStylesPerComponent(): Plugin {
  return {
    name: 'arandu-mantine-styles-per-component',
    apply: 'build',
    transform(code, id) {
      const component = CORE_CLASSES.exec(id)?.[1];
      const pkg = PACKAGE_CLASSES.exec(id)?.[1];
      const stylesheet = component
        ? `@mantine/core/styles/${component}.layer.css`
        : pkg && `@mantine/${pkg}/styles.layer.css`;
      return stylesheet ? { code: `import '${stylesheet}';\n${code}`, map: null } : null;
    },
  };
}
