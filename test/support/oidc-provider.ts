import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createServer, Server } from 'node:http';

/** A minimal OpenID Connect provider on loopback: discovery, a JWKS, and ID tokens signed with its RS256 key. */
export interface TestOidcProvider {
  issuer: string;
  idToken(claims: Record<string, unknown>, options?: { audience?: string; expiresIn?: string; issuer?: string }): Promise<string>;
  close(): Promise<void>;
}

/**
 * `now` is the clock the server judges ID tokens by (the test server's ManualClock): tokens are issued and expire
 * on that clock, so an "expired" token is expired for the server however slow the run, and a valid one stays valid.
 */
export const startOidcProvider = async (clientId: string, now: () => Date = () => new Date()): Promise<TestOidcProvider> => {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  let issuer = '';
  const server: Server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration') res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
    else if (req.url === '/jwks') res.end(JSON.stringify({ keys: [jwk] }));
    else res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    issuer,
    idToken: (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(options.issuer ?? issuer)
        .setAudience(options.audience ?? clientId)
        .setIssuedAt(Math.floor(now().getTime() / 1000))
        .setExpirationTime(secondsFrom(now(), options.expiresIn ?? '1h'))
        .sign(privateKey),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};

/** `1h`, `30m`, `-1m`, `10s` from a date, as the seconds since the epoch a JWT's `exp` takes. */
const secondsFrom = (date: Date, span: string): number => {
  const match = /^(-?\d+)([smh])$/.exec(span);
  if (!match) throw new Error(`idToken: cannot read expiresIn "${span}"`);
  const unit = { s: 1, m: 60, h: 3600 }[match[2] as 's' | 'm' | 'h'];
  return Math.floor(date.getTime() / 1000) + Number(match[1]) * unit;
};
