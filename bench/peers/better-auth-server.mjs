/**
 * The better-auth peer of `npm run bench`, set up as its documentation says for Express 5 with
 * e-mail and password, on a MongoDB database through its MongoDB adapter (here our embedded
 * database, the same one our server uses in the benchmark). Dev-only: lives in bench/peers with
 * its own dependencies, never imported by the product.
 *
 *   MONGODB_URI=… PORT=… [HASHER=scrypt|bcrypt] [BCRYPT_COST=10] node bench/peers/better-auth-server.mjs
 *
 * HASHER=scrypt (default) is better-auth's own hasher; HASHER=bcrypt plugs bcryptjs at BCRYPT_COST
 * in through `emailAndPassword.password`, for a comparison at our hash cost. Prints
 * `{"listening": "<url>"}` once it accepts requests.
 */
import bcrypt from 'bcryptjs';
import { betterAuth } from 'better-auth';
import { mongodbAdapter } from 'better-auth/adapters/mongodb';
import { toNodeHandler } from 'better-auth/node';
import express from 'express';
import { MongoClient } from 'mongodb';

const port = Number(process.env.PORT ?? 3005);
const baseURL = `http://127.0.0.1:${port}`;
const cost = Number(process.env.BCRYPT_COST ?? 10);

const client = new MongoClient(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017');
await client.connect();
// No `client` passed to the adapter: no multi-document transactions (a standalone server has none).
const db = client.db(process.env.DB_NAME ?? 'better_auth_bench');

export const auth = betterAuth({
  baseURL,
  secret: 'bench-secret-bench-secret-bench-secret-0123',
  database: mongodbAdapter(db),
  emailAndPassword: {
    enabled: true,
    ...(process.env.HASHER === 'bcrypt'
      ? {
          password: {
            hash: (password) => bcrypt.hash(password, cost),
            verify: ({ hash, password }) => bcrypt.compare(password, hash),
          },
        }
      : {}),
  },
  // Our server's limits are raised for the benchmark too; otherwise both would answer 429.
  rateLimit: { enabled: false },
  telemetry: { enabled: false },
  trustedOrigins: [baseURL],
});

const app = express();
app.all('/api/auth/*splat', toNodeHandler(auth));
app.use(express.json());

const server = app.listen(port, '127.0.0.1', () => {
  console.log(JSON.stringify({ listening: baseURL }));
});
const stop = () => server.close(() => client.close().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
