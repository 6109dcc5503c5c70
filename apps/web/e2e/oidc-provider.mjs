// The institutional sign-in's provider for the e2e run (issue 32): oidc-provider on a loopback port with its
// development login page, where any login and password sign in and the login is taken as the e-mail
// (verified). Started by playwright.config.ts beside the app; never part of a real installation.
import Provider from 'oidc-provider';

const port = Number(process.env.OIDC_PORT);
const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [
    {
      client_id: process.env.OIDC_CLIENT_ID,
      client_secret: process.env.OIDC_CLIENT_SECRET,
      redirect_uris: [process.env.OIDC_REDIRECT_URI],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'] },
  findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, email: sub, email_verified: true }) }),
});
provider.listen(port, '127.0.0.1');
