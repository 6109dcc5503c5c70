// The institutional sign-in's provider for the e2e run (issue 32): the API tests' own test provider
// (apps/api/test/oidc-test-provider.ts), here on OIDC_PORT with oidc-provider's development login page, where
// any login and password sign in and the login is taken as the e-mail (verified); a login shaped
// 'nombre.apellido+documento@…' also carries the profile claims (accountFromLogin there). Started by
// playwright.config.ts beside the app, with tsx's loader for the TypeScript; never part of a real installation.
import { startTestProvider } from '../../api/test/oidc-test-provider.ts';

const env = process.env;
await startTestProvider(
  {
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    redirectUri: env.OIDC_REDIRECT_URI,
    postLogoutRedirectUri: env.OIDC_POST_LOGOUT_REDIRECT_URI,
  },
  { port: Number(env.OIDC_PORT), loginPage: true },
);
