/**
 * The OAuth 2.0 authorization-code flow in a small node:http app (the README shows this file).
 * Typechecked with the project; run it against a real app registration or the emulator.
 */
import { createServer } from 'node:http';
import { OAuthClient, OAuthError, PlatformClient } from 'workspace-platform-sdk';

const oauth = new OAuthClient({
  clientId: process.env.CLIENT_ID ?? '',
  clientSecret: process.env.CLIENT_SECRET, // stays server-side; never in a URL, log or error
  authUrl: 'https://auth.example.com', // or a local emulator's `authUrl`
  redirectUri: 'http://localhost:3000/callback',
});

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost:3000');

  if (url.pathname === '/login') {
    // A fresh 256-bit state, kept in a cookie to check on the way back.
    const { url: authorizeUrl, state } = oauth.authorizeUrl({ scopes: ['me:read', 'boards:read'] });
    res.writeHead(302, {
      location: authorizeUrl,
      'set-cookie': `oauth_state=${state}; HttpOnly; SameSite=Lax; Path=/callback; Max-Age=600`,
    });
    res.end();
    return;
  }

  if (url.pathname === '/callback') {
    const expectedState = /(?:^|;\s*)oauth_state=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
    try {
      const { code } = oauth.parseCallback(url, expectedState); // throws on Deny, errors and forged states
      const { accessToken, scopes } = await oauth.exchangeCode({ code }); // the token never expires: store it
      const api = new PlatformClient({ token: accessToken, baseUrl: 'https://api.example.com' });
      const { data } = await api.boards({ limit: 5 });
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Connected (${scopes.join(' ')}): ${data.boards?.map((board) => board?.name).join(', ')}`);
    } catch (error) {
      // error.code: 'access_denied' (the user clicked Deny), 'state_mismatch', 'invalid_grant', ...
      const code = error instanceof OAuthError ? error.code : 'unexpected_error';
      res.writeHead(code === 'access_denied' ? 403 : 400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Not connected: ${code}`);
    }
    return;
  }

  res.writeHead(404).end();
}).listen(3000);
