import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person at the test provider: what its ID token says about them. */
export interface TestAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  /** Authentication methods the provider reports (RFC 8176): ['pwd', 'mfa'] when it did a second factor. */
  amr?: string[];
}

/**
 * A real OpenID provider (oidc-provider, the certified implementation openid-client is tested against) on a
 * loopback port. Its login "page" signs in whoever `signInNext` names, without a form, so tests can walk the
 * authorization-code flow with plain HTTP; consent is granted the same way.
 */
export async function startTestProvider(client: { clientId: string; clientSecret: string; redirectUri: string }) {
  const accounts = new Map<string, TestAccount>();
  let next: TestAccount | undefined;
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    // amr released with the openid scope, as Entra ID and Keycloak do for every ID token.
    claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      return account
        ? { accountId: sub, claims: () => ({ sub, email: account.email, email_verified: account.emailVerified }) }
        : undefined;
    },
  });
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return void callback(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        if (!next) throw new Error('nobody to sign in: call signInNext first');
        accounts.set(next.sub, next);
        const amr = next.amr ?? ['pwd'];
        await provider.interactionFinished(req, res, { login: { accountId: next.sub, amr } });
        return;
      }
      const grant = new provider.Grant({
        accountId: details.session!.accountId,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope('openid email profile');
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant.save() } },
        {
          mergeWithLastSubmission: true,
        },
      );
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  /** Follows the provider's redirects like a browser (cookies kept) until it sends the browser to the client. */
  async function authorize(authorizationUrl: string): Promise<URL> {
    const cookies = new Map<string, string>();
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < 10; hop++) {
      if (url.href.startsWith(client.redirectUri)) return url;
      const res = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const eq = pair!.indexOf('=');
        cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
      const location = res.headers.get('location');
      if (!location) throw new Error(`the provider stopped at ${url.href}: ${res.status} ${await res.text()}`);
      url = new URL(location, url);
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    signInNext(account: TestAccount) {
      next = account;
    },
    authorize,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
