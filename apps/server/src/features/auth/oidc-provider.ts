import * as oidc from 'openid-client';
import type { OidcSettings } from '../../settings.ts';
import { GOOGLE_ISSUER_URL } from '../../settings.ts';

/**
 * Sign-in through one OpenID Connect provider with openid-client: discovery of the issuer, the
 * authorization code flow with PKCE, state and nonce, and the ID token's checks (issuer, audience,
 * expiry, nonce, and its signature against the issuer's published keys). Nothing here reads a JWT by hand.
 */

/** What the browser keeps between leaving for the provider and coming back (a signed cookie). */
export interface SignInAttempt {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The provider's word on who signed in. */
export interface ProviderIdentity {
  email: string | undefined;
  isEmailVerified: boolean;
}

/** Why the provider's answer was not taken; mapped to the login page's message by the routes. */
export class SignInFailure extends Error {
  override name = 'SignInFailure';
  constructor(
    readonly reason: 'failed' | 'cancelled' | 'unavailable' | 'misconfigured',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface OidcProvider {
  /** Where the provider sends the browser back to (registered at the provider as the redirect URI). */
  readonly callbackUrl: string;
  /** The provider's authorization URL for a new attempt, and the attempt the browser must keep. */
  begin(): Promise<{ url: URL; attempt: SignInAttempt }>;
  /** Checks the callback's query against the attempt, redeems the code, verifies the ID token. */
  complete(callbackQuery: string, attempt: SignInAttempt): Promise<ProviderIdentity>;
}

/** How long one call to the provider may take before the sign-in is given up as unavailable. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/**
 * Google's published metadata (https://accounts.google.com/.well-known/openid-configuration), so the
 * GOOGLE_* shorthand needs no discovery round trip; OIDC_ISSUER_URL=https://accounts.google.com discovers it.
 */
const GOOGLE_METADATA: oidc.ServerMetadata = {
  issuer: GOOGLE_ISSUER_URL,
  authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
  token_endpoint: 'https://oauth2.googleapis.com/token',
  userinfo_endpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
  jwks_uri: 'https://www.googleapis.com/oauth2/v3/certs',
  code_challenge_methods_supported: ['S256'],
  id_token_signing_alg_values_supported: ['RS256'],
};

/** fetch's own failures: no answer at all (refused, unresolvable, timed out). */
const isNetworkFailure = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'TimeoutError' ||
    error.name === 'AbortError' ||
    (error instanceof TypeError && error.message === 'fetch failed'));

function failureOf(error: unknown): SignInFailure {
  if (error instanceof SignInFailure) return error;
  if (error instanceof oidc.AuthorizationResponseError) {
    const reason = error.error === 'access_denied' ? 'cancelled' : 'failed';
    return new SignInFailure(reason, `the provider answered ${error.error}`, { cause: error });
  }
  if (isNetworkFailure(error)) {
    return new SignInFailure('unavailable', 'the provider cannot be reached', { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new SignInFailure('failed', message, { cause: error });
}

/** A server error of the provider's (5xx): it is there but failing, not set up wrongly. */
const isProviderServerError = (error: unknown) =>
  error instanceof Error && error.cause instanceof Response && error.cause.status >= 500;

/**
 * Why discovery failed: no answer or a 5xx is the provider being unavailable; any other refusal (an issuer
 * that does not match OIDC_ISSUER_URL, no metadata at that address, metadata that is not valid) is the
 * configuration's fault, which trying again will not mend.
 */
function discoveryFailureOf(error: unknown): SignInFailure {
  if (isNetworkFailure(error) || isProviderServerError(error)) {
    return new SignInFailure('unavailable', 'the provider cannot be reached', { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new SignInFailure('misconfigured', message, { cause: error });
}

export function createOidcProvider(config: OidcSettings, callbackUrl: string): OidcProvider {
  const isPlainHttp = config.issuerUrl.startsWith('http:');
  // Only an issuer configured as http:// (a local or test provider; refused in production) may be
  // reached without TLS. The ID token's signature is checked whatever the transport.
  const execute = [oidc.enableNonRepudiationChecks, ...(isPlainHttp ? [oidc.allowInsecureRequests] : [])];
  let configuration: Promise<oidc.Configuration> | undefined;

  // Discovered on the first sign-in rather than at start-up, so an unreachable provider does not keep
  // the console (and its game servers' runtime) from starting; a failed discovery is tried again next time.
  const configurationOf = (): Promise<oidc.Configuration> => {
    configuration ??= (async () => {
      if (config.slug === 'google') {
        const google = new oidc.Configuration(GOOGLE_METADATA, config.clientId, config.clientSecret);
        for (const step of execute) step(google);
        google.timeout = PROVIDER_TIMEOUT_SECONDS;
        return google;
      }
      return oidc.discovery(new URL(config.issuerUrl), config.clientId, config.clientSecret, undefined, {
        execute,
        timeout: PROVIDER_TIMEOUT_SECONDS,
      });
    })().catch((error: unknown) => {
      configuration = undefined;
      throw discoveryFailureOf(error);
    });
    return configuration;
  };

  return {
    callbackUrl,

    async begin() {
      const provider = await configurationOf();
      const attempt: SignInAttempt = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(provider, {
        redirect_uri: callbackUrl,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(attempt.codeVerifier),
        code_challenge_method: 'S256',
        state: attempt.state,
        nonce: attempt.nonce,
      });
      return { url, attempt };
    },

    async complete(callbackQuery, attempt) {
      try {
        const provider = await configurationOf();
        const tokens = await oidc.authorizationCodeGrant(
          provider,
          new URL(`${callbackUrl}${callbackQuery}`),
          {
            pkceCodeVerifier: attempt.codeVerifier,
            expectedState: attempt.state,
            expectedNonce: attempt.nonce,
            idTokenExpected: true,
          },
        );
        const claims = tokens.claims();
        if (!claims) throw new SignInFailure('failed', 'no ID token');
        let { email, email_verified: emailVerified } = claims;
        // Some providers put the e-mail only in the userinfo answer, for the same subject.
        if (email === undefined && provider.serverMetadata().userinfo_endpoint) {
          const userInfo = await oidc.fetchUserInfo(provider, tokens.access_token, claims.sub);
          ({ email, email_verified: emailVerified } = userInfo);
        }
        return {
          email: typeof email === 'string' ? email : undefined,
          isEmailVerified: emailVerified === true,
        };
      } catch (error) {
        throw failureOf(error);
      }
    },
  };
}
