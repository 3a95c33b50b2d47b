/**
 * The ceiling of `npm run bench`: a bare Express 5 hello-world, `WEB_CONCURRENCY` processes
 * (node:cluster) on PORT. Prints `{"listening": "<url>"}` once every process accepts requests.
 */
import cluster from 'node:cluster';
import express from 'express';

const port = Number(process.env.PORT ?? 3000);
const processes = Number(process.env.WEB_CONCURRENCY ?? 1);

if (processes > 1 && cluster.isPrimary) {
  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening === processes) console.log(JSON.stringify({ listening: `http://127.0.0.1:${port}` }));
  });
  for (let i = 0; i < processes; i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    process.exit(0);
  });
} else {
  const app = express();
  app.get('/', (_req, res) => {
    res.send('Hello World!');
  });
  app.listen(port, '127.0.0.1', () => {
    if (processes === 1) console.log(JSON.stringify({ listening: `http://127.0.0.1:${port}` }));
  });
}
