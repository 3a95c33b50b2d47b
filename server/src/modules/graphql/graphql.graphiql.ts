import { randomBytes } from 'node:crypto';
import type { Response } from 'express';

const GRAPHIQL = 'https://unpkg.com/graphiql@3.8.3';
const REACT = 'https://unpkg.com/react@18.3.1/umd/react.production.min.js';
const REACT_DOM = 'https://unpkg.com/react-dom@18.3.1/umd/react-dom.production.min.js';

/**
 * GraphiQL, the in-browser IDE, for development only: it loads its scripts from unpkg, so this one
 * page's Content-Security-Policy allows that origin (and the page's own script, by nonce). The
 * Authorization header is entered in GraphiQL's "Headers" tab (`{"Authorization": "Bearer …"}`).
 */
export function graphiqlPage(res: Response, endpoint: string): void {
  const nonce = randomBytes(16).toString('base64');
  res.set(
    'Content-Security-Policy',
    [
      "default-src 'self'",
      `script-src 'nonce-${nonce}' https://unpkg.com`,
      "style-src 'self' 'unsafe-inline' https://unpkg.com",
      "font-src 'self' data: https://unpkg.com",
      "img-src 'self' data: https:",
      "connect-src 'self'",
    ].join('; '),
  );
  res.type('html').send(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>IAM Platform GraphQL</title>
    <link rel="stylesheet" href="${GRAPHIQL}/graphiql.min.css" />
    <style>body { margin: 0; height: 100vh; } #graphiql { height: 100vh; }</style>
  </head>
  <body>
    <div id="graphiql">Loading GraphiQL…</div>
    <script crossorigin nonce="${nonce}" src="${REACT}"></script>
    <script crossorigin nonce="${nonce}" src="${REACT_DOM}"></script>
    <script crossorigin nonce="${nonce}" src="${GRAPHIQL}/graphiql.min.js"></script>
    <script nonce="${nonce}">
      const fetcher = GraphiQL.createFetcher({ url: ${JSON.stringify(endpoint)} });
      ReactDOM.createRoot(document.getElementById('graphiql')).render(
        React.createElement(GraphiQL, {
          fetcher,
          defaultHeaders: '{\\n  "Authorization": "Bearer <access token or cs_ API token>"\\n}',
          defaultQuery: '{\\n  viewer {\\n    email\\n  }\\n}\\n',
        }),
      );
    </script>
  </body>
</html>`);
}
