/**
 * Removes secrets from a question before the unanswered-question log keeps it. People paste what
 * they hold into a help box: tokens, keys, links with tokens, passwords. First every format the
 * product itself issues is replaced by a placeholder naming its kind (so the log still says what
 * the question was about), then anything else that looks random (entropy), whatever its shape.
 */

/** A base64url secret as `randomToken()` makes them (lib/crypto.ts): 32 bytes are 43 characters. */
const B64 = '[A-Za-z0-9_-]';

/** In order: specific formats before the generic ones that would also match them. */
const FORMATS: [RegExp, string][] = [
  // otpauth:// URIs carry the TOTP secret (and the account name) in the clear.
  [/otpauth:\/\/\S+/gi, '<otpauth-uri>'],
  // Credentials with the product's prefixes (tokens.issuing.ts, projects.service.ts, webhooks.views.ts).
  [/\bcs_[0-9a-f]{8,}/gi, '<api-token>'],
  [/\bpk_[0-9a-f]{8,}/gi, '<project-key>'],
  [new RegExp(`\\bwhsec_${B64}{8,}`, 'g'), '<webhook-secret>'],
  // JWTs (access tokens, id tokens): header.payload.signature, the header always starts eyJ.
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '<jwt>'],
  [/[^\s@<>"'(),;]+@[^\s@<>"'(),;]+\.[^\s@<>"'(),;]+/g, '<email>'],
  // Secrets in query strings and form bodies: ?token=…, &code=…, refresh_token=…, secret=….
  [
    /\b(token|refresh_token|access_token|id_token|code|secret|key|api_key|password|passwort)=[^\s&#"']+/gi,
    '$1=<secret>',
  ],
  // Tokens in link paths: /leave/<token>, /reset-password/<token>, /confirm/<token>, ….
  [new RegExp(`/${B64}{32,}(?=[/?#\\s]|$)`, 'g'), '/<token>'],
  // TOTP secrets: base32 (A–Z, 2–7) of at least 16 characters (the product makes 32).
  [/\b[A-Z2-7]{16,}={0,6}(?![A-Za-z0-9])/g, '<totp-secret>'],
  // Recovery codes (mfa.recovery-codes.ts): 5 + 5 of an alphabet without 0, 1, i, l, o.
  [/\b[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}\b/gi, '<recovery-code>'],
];

/**
 * A password after a word that announces one: "Passwort: x", "my password is x", "pwd 'x y'",
 * "Kennwort lautet x". A quoted value is taken whole; an unquoted one up to the next space (a
 * trailing comma or full stop is kept as punctuation). Without "is", ":" or "=" in between, only a
 * value with a digit or symbol is taken, so "reset my password link" keeps its words.
 */
const PASSWORD_WORD = '(?:passwor[dt]|kennwort|passphrase|pass|pwd|pw|secret|geheimnis)';
const PASSWORD_QUOTED = new RegExp(
  `(\\b${PASSWORD_WORD}\\b[^"'\\n]{0,20}?)(["'„“»«])[^"'“”»«\\n]{1,100}["'“”»«]`,
  'gi',
);
const PASSWORD_STATED = new RegExp(
  `(\\b${PASSWORD_WORD}\\b\\s*(?:(?:ist|is|lautet|was|war)\\b\\s*:?|[=:])\\s*)\\S+?(?=[,.;!?]?(?:\\s|$))`,
  'gi',
);
const PASSWORD_BARE = new RegExp(
  `(\\b${PASSWORD_WORD}\\b\\s+)(?=\\S*[\\d!#$%&*+/=?@^_~])\\S+?(?=[,.;]?(?:\\s|$))`,
  'gi',
);

/** Shannon entropy in bits per character. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const share = count / text.length;
    bits -= share * Math.log2(share);
  }
  return bits;
}

/**
 * Whether a run of token characters looks random: long, mixed (digits among letters, or upper and
 * lower case mixed throughout) and of high entropy. Words ("internationalization"), identifiers
 * ("getAnonymousUserById") and paths split on "/" stay.
 */
export function looksRandom(run: string): boolean {
  if (run.length < 20) return false;
  const digits = (run.match(/\d/g) ?? []).length;
  const upper = (run.match(/[A-Z]/g) ?? []).length;
  const lower = (run.match(/[a-z]/g) ?? []).length;
  const mixed = (digits >= 2 && upper + lower >= 2) || (run.length >= 32 && upper >= 4 && lower >= 4);
  return mixed && entropy(run) >= 3.5;
}

/** The question with every secret replaced by a placeholder naming its kind. */
export function redactSecrets(question: string): string {
  let text = question;
  for (const [pattern, placeholder] of FORMATS) text = text.replace(pattern, placeholder);
  text = text
    .replace(PASSWORD_QUOTED, '$1<password>')
    .replace(PASSWORD_STATED, '$1<password>')
    .replace(PASSWORD_BARE, '$1<password>');
  // Anything else random: refresh tokens, reset and confirmation tokens, exchange codes, other
  // services' keys. Runs of base64/base64url/hex characters; "/" splits, so paths stay readable.
  return text.replace(/[A-Za-z0-9+=_-]{20,}/g, (run) => (looksRandom(run) ? '<secret>' : run));
}
