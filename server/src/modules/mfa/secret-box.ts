import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import type { MfaModels } from './mfa.model.js';

/** Encrypts TOTP secrets at rest (AES-256-GCM); `context` (the user id) is authenticated data. */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string;
}

const FORMAT = 'v1';
const CURRENT_KEY_ID = 'current';

function parseKey(configured: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(configured)
    ? Buffer.from(configured, 'hex')
    : Buffer.from(configured, 'base64');
  if (key.length !== 32)
    throw new Error('MFA_ENCRYPTION_KEY must be 32 bytes (64 hex or base64 characters).');
  return key;
}

/** MFA_ENCRYPTION_KEY, else the stored key, else a new one stored so every process uses the same. */
async function loadKey(models: MfaModels, configured: string | undefined): Promise<Buffer> {
  if (configured) return parseKey(configured);
  const stored = await models.Keys.findById(CURRENT_KEY_ID).lean();
  if (stored) return Buffer.from(stored.key_base64, 'base64');
  const key = randomBytes(32);
  try {
    await models.Keys.create({ _id: CURRENT_KEY_ID, key_base64: key.toString('base64') });
    return key;
  } catch (error) {
    // Another server process stored its key first: use that one so all processes agree.
    if (!isDuplicateKey(error)) throw error;
    const winner = await models.Keys.findById(CURRENT_KEY_ID).lean();
    if (!winner) throw error;
    return Buffer.from(winner.key_base64, 'base64');
  }
}

export async function createSecretBox(models: MfaModels, configured: string | undefined): Promise<SecretBox> {
  const key = await loadKey(models, configured);
  return {
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [FORMAT, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [format, iv, tag, ciphertext] = sealed.split('.');
      if (format !== FORMAT || !iv || !tag || ciphertext === undefined)
        throw new Error('unknown secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
