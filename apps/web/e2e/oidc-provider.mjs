// The institutional sign-in's provider for the e2e run (issue 32): the API tests' own test provider
// (apps/api/test/oidc-test-provider.ts), here on OIDC_PORT with oidc-provider's development login page, where
// any login and password sign in and the login is taken as the e-mail (verified); a login shaped
// 'nombre.apellido+documento@…' also carries the profile claims (accountFromLogin there). Started by
// playwright.config.ts beside the app, with tsx's loader for the TypeScript; never part of a real installation.
// OIDC_APP_PORTS lists the port of every API process of the run (one per worker and per template): each is a
// redirect address of the one registered client.
import { startTestProvider } from '../../api/test/oidc-test-provider.ts';

const env = process.env;
const [first, ...more] = env.OIDC_APP_PORTS.split(',').map((port) => ({
  redirectUri: `http://127.0.0.1:${port}/api/auth/oidc/callback`,
  postLogoutRedirectUri: `http://127.0.0.1:${port}/`,
}));
await startTestProvider(
  {
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    redirectUri: first.redirectUri,
    postLogoutRedirectUri: first.postLogoutRedirectUri,
    moreRedirectUris: more,
  },
  { port: Number(env.OIDC_PORT), loginPage: true },
);
