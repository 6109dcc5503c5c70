// The institutional sign-in's provider for the e2e run (issue 32): oidc-provider on a loopback port with its
// development login page, where any login and password sign in and the login is taken as the e-mail
// (verified). A login shaped 'nombre.apellido+documento@…' also carries the profile claims and the faculty's
// document claim, so OIDC_CREATE_USERS=alumno can create that person. Started by playwright.config.ts beside
// the app; never part of a real installation.
import Provider from 'oidc-provider';

const port = Number(process.env.OIDC_PORT);
const capitalized = (word) => word.charAt(0).toUpperCase() + word.slice(1);

/** 'lucia.gimenez+5123456@demo.edu.py' -> Lucia, Gimenez, 5123456; other logins carry the e-mail alone. */
function profileOf(login) {
  const match = /^([a-z]+)\.([a-z]+)\+([0-9]+)@/.exec(login);
  return match ? { given_name: capitalized(match[1]), family_name: capitalized(match[2]), documento: match[3] } : {};
}

const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [
    {
      client_id: process.env.OIDC_CLIENT_ID,
      client_secret: process.env.OIDC_CLIENT_SECRET,
      redirect_uris: [process.env.OIDC_REDIRECT_URI],
      post_logout_redirect_uris: [process.env.OIDC_POST_LOGOUT_REDIRECT_URI],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  claims: {
    openid: ['sub', 'amr'],
    email: ['email', 'email_verified'],
    profile: ['given_name', 'family_name', 'documento'],
  },
  findAccount: (_ctx, sub) => ({
    accountId: sub,
    claims: () => ({ sub, email: sub, email_verified: true, ...profileOf(sub) }),
  }),
});
provider.listen(port, '127.0.0.1');
