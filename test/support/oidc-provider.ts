import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createServer, Server } from 'node:http';

/** A minimal OpenID Connect provider on loopback: discovery, a JWKS, and ID tokens signed with its RS256 key. */
export interface TestOidcProvider {
  issuer: string;
  idToken(claims: Record<string, unknown>, options?: { audience?: string; expiresIn?: string; issuer?: string }): Promise<string>;
  close(): Promise<void>;
}

export const startOidcProvider = async (clientId: string): Promise<TestOidcProvider> => {
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
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .sign(privateKey),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
