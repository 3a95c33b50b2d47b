import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, signedInUser } from '../auth/helpers.js';

/** RFC 4648 base32 without padding, decoded here so the test does not trust the library. */
function base32Decode(input: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of input.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

export const PERIOD_S = 30;
export const currentStep = (at = Date.now()) => Math.floor(at / 1000 / PERIOD_S);

/** RFC 6238 TOTP (HMAC-SHA1, 6 digits, 30 s) with RFC 4226 dynamic truncation, by hand. */
export function totpAt(secretBase32: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Decode(secretBase32)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** Waits out the last seconds of a step, so a code computed now is still of that step at the server. */
export async function awayFromStepEdge(): Promise<void> {
  const intoStep = (Date.now() / 1000) % PERIOD_S;
  if (intoStep > PERIOD_S - 3)
    await new Promise((resolve) => setTimeout(resolve, (PERIOD_S - intoStep + 0.2) * 1000));
}

/** A signed-in user who turned two-factor on; returns the secret and the recovery codes. */
export async function enrolledUser(ctx: TestContext, prefix = 'mfa') {
  const user = await signedInUser(ctx, prefix);
  const started = await ctx.request.post('/api/v1/auth/mfa/totp').set(bearer(user.access_token)).expect(200);
  const secret = started.body.secret as string;
  await awayFromStepEdge();
  const confirmed = await ctx.request
    .post('/api/v1/auth/mfa/totp/confirm')
    .set(bearer(user.access_token))
    .send({ code: totpAt(secret, currentStep()) })
    .expect(200);
  const recoveryCodes = confirmed.body.recovery_codes as string[];
  expect(recoveryCodes).to.have.length(10);
  return { ...user, secret, recoveryCodes, enrolledStep: currentStep() };
}

export async function passwordStep(ctx: TestContext, email: string, password: string): Promise<string> {
  const response = await ctx.request.post('/api/v1/auth/login').send({ email, password }).expect(200);
  expect(response.body).to.include({ mfa_required: true });
  return response.body.mfa_token as string;
}
