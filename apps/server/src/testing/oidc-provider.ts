import { OAuth2Server } from 'oauth2-mock-server';

/** Who the test provider says signs in: the claims its ID tokens carry besides `sub`. */
export interface TestOidcUser {
  email?: string;
  email_verified?: boolean;
}

export interface TestOidcProvider {
  /** http://127.0.0.1:<port>: OIDC_ISSUER_URL for the console. */
  issuerUrl: string;
  /** The variables that make a console sign in through this provider. */
  env: { OIDC_ISSUER_URL: string; OIDC_CLIENT_ID: string; OIDC_CLIENT_SECRET: string };
  /** The real server, for hooks that change one answer (`server.service.once('beforeResponse', ...)`). */
  server: OAuth2Server;
  /** Who signs in from now on. */
  signInAs(user: TestOidcUser): void;
  /** Changes the claims of the next ID token only (before it is signed): a nonce of another sign-in... */
  changeNextIdToken(change: (claims: Record<string, unknown>) => void): void;
  stop(): Promise<void>;
}

export const TEST_OIDC_CLIENT_ID = 'live-ops-console';
const TEST_OIDC_CLIENT_SECRET = 'test-oidc-client-secret';

/**
 * A real OpenID Connect provider on a loopback port (oauth2-mock-server: discovery, authorization
 * endpoint that approves at once, token endpoint with PKCE, signed ID tokens, JWKS, userinfo), so the
 * console's sign-in runs end to end against the protocol rather than a stub of it.
 */
export async function startTestOidcProvider(user: TestOidcUser = {}): Promise<TestOidcProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuerUrl = server.issuer.url!;
  let current = user;
  let nextIdTokenChange: ((claims: Record<string, unknown>) => void) | undefined;
  server.service.on('beforeTokenSigning', (token) => {
    // The ID token is the one with an audience (the client); the access token has none here.
    if (token.payload.aud === undefined) return;
    Object.assign(token.payload, current);
    nextIdTokenChange?.(token.payload);
    nextIdTokenChange = undefined;
  });
  return {
    issuerUrl,
    env: {
      OIDC_ISSUER_URL: issuerUrl,
      OIDC_CLIENT_ID: TEST_OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET: TEST_OIDC_CLIENT_SECRET,
    },
    server,
    signInAs(next) {
      current = next;
    },
    changeNextIdToken(change) {
      nextIdTokenChange = change;
    },
    stop: () => server.stop(),
  };
}
