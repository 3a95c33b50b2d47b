import { createHash, randomBytes } from 'node:crypto';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { PoolBranding } from '../../core/pools.js';

/**
 * The provider's own pages (issue #32): the error page, the logout confirmation, the page after
 * logout and the self-submitting form oidc-provider answers with where a browser must POST on
 * (logout without a provider session, `response_mode=form_post`, a change of account), in German
 * or English (the browser's Accept-Language, else the pool's locale), with the pool's name, colour
 * and logo. The security headers' CSP stays strict: the one <style> block carries a nonce added
 * to `style-src` for this response; only the self-submitting form has a script, allowed by its hash.
 */

type Lang = 'de' | 'en';

const TEXT = {
  de: {
    errorTitle: 'Anmeldung nicht möglich',
    logoutErrorTitle: 'Abmeldung nicht möglich',
    errorLead: 'Die Anwendung hat eine Anfrage geschickt, die wir nicht ausführen können.',
    errorHint:
      'Bitte kehren Sie zur Anwendung zurück und versuchen Sie es erneut. Besteht das Problem weiter, wenden Sie sich an deren Betreiber.',
    errorCode: 'Fehlercode',
    redirectUri:
      'Die Rücksprungadresse (redirect_uri) ist für diese Anwendung nicht registriert. Aus Sicherheitsgründen leiten wir nicht dorthin weiter.',
    postLogoutRedirectUri:
      'Die Adresse für die Rückkehr nach der Abmeldung (post_logout_redirect_uri) ist für diese Anwendung nicht registriert. Aus Sicherheitsgründen leiten wir nicht dorthin weiter; Sie sind weiterhin angemeldet.',
    invalidClient: 'Diese Anwendung ist hier nicht bekannt oder nicht für OpenID Connect eingerichtet.',
    sessionNotFound:
      'Die Anmeldung ist abgelaufen oder wurde in einem anderen Fenster begonnen. Bitte starten Sie sie in der Anwendung neu.',
    logoutTitle: 'Abmelden?',
    logoutLead: (app: string | null, pool: string) =>
      app
        ? `Möchten Sie sich von „${app}“ und allen anderen Anwendungen von ${pool} abmelden?`
        : 'Möchten Sie sich abmelden?',
    logoutYes: 'Ja, abmelden',
    // "No" still ends the requesting application's session (its grant), not the others.
    logoutNo: (app: string | null) => (app ? `Nur von „${app}“ abmelden` : 'Nein, angemeldet bleiben'),
    logoutExpired:
      'Diese Abmeldung ist abgelaufen oder wurde bereits ausgeführt. Bitte kehren Sie zur Anwendung zurück.',
    loggedOutTitle: 'Abgemeldet',
    loggedOutLead: (app: string | null) =>
      app ? `Sie haben sich von „${app}“ abgemeldet.` : 'Sie haben sich abgemeldet.',
    signingOutTitle: 'Abmelden …',
    signingOutLead: (app: string | null) =>
      app
        ? `Sie werden abgemeldet und zu „${app}“ zurückgeleitet.`
        : 'Sie werden abgemeldet und zur Anwendung zurückgeleitet.',
    returningTitle: 'Einen Moment …',
    returningLead: (app: string | null) =>
      app ? `Sie werden zu „${app}“ weitergeleitet.` : 'Sie werden zur Anwendung weitergeleitet.',
    continue: 'Weiter',
  },
  en: {
    errorTitle: 'Sign-in not possible',
    logoutErrorTitle: 'Sign-out not possible',
    errorLead: 'The application sent a request we cannot carry out.',
    errorHint:
      'Please return to the application and try again. If the problem persists, contact its operator.',
    errorCode: 'Error code',
    redirectUri:
      'The return address (redirect_uri) is not registered for this application. For your security we do not redirect there.',
    postLogoutRedirectUri:
      'The address to return to after signing out (post_logout_redirect_uri) is not registered for this application. For your security we do not redirect there; you are still signed in.',
    invalidClient: 'This application is not known here or not set up for OpenID Connect.',
    sessionNotFound:
      'The sign-in has expired or was started in another window. Please start it again in the application.',
    logoutTitle: 'Sign out?',
    logoutLead: (app: string | null, pool: string) =>
      app
        ? `Do you want to sign out of “${app}” and every other application of ${pool}?`
        : 'Do you want to sign out?',
    logoutYes: 'Yes, sign out',
    logoutNo: (app: string | null) => (app ? `Only sign out of “${app}”` : 'No, stay signed in'),
    logoutExpired: 'This sign-out has expired or was already carried out. Please return to the application.',
    loggedOutTitle: 'Signed out',
    loggedOutLead: (app: string | null) =>
      app ? `You have signed out of “${app}”.` : 'You have signed out.',
    signingOutTitle: 'Signing out …',
    signingOutLead: (app: string | null) =>
      app
        ? `You are being signed out and taken back to “${app}”.`
        : 'You are being signed out and taken back to the application.',
    returningTitle: 'One moment …',
    returningLead: (app: string | null) =>
      app ? `You are being taken to “${app}”.` : 'You are being taken to the application.',
    continue: 'Continue',
  },
} as const;

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** The first of de/en the browser prefers, else the pool's locale. */
export function languageOf(acceptLanguage: string | undefined, fallback: Lang): Lang {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
      return { lang: tag.split('-')[0], q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  const match = ranked.find((entry) => entry.lang === 'de' || entry.lang === 'en');
  return (match?.lang as Lang | undefined) ?? fallback;
}

/** Adds sources to CSP directives of the response (helmet set the policy before the provider ran). */
export function extendCsp(ctx: KoaContextWithOIDC, additions: Record<string, string[]>): void {
  const csp = ctx.response.get('content-security-policy') as string;
  if (!csp) return;
  const directives = csp
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => d.split(/\s+/));
  for (const [name, values] of Object.entries(additions)) {
    const found = directives.find((d) => d[0] === name);
    if (found) found.push(...values.filter((v) => !found.includes(v)));
    else directives.push([name, "'self'", ...values]);
  }
  ctx.set('content-security-policy', directives.map((d) => d.join(' ')).join(';'));
}

const COLOR = /^#[0-9a-fA-F]{3,8}$/;

/** The pool's logo when it is an https URL (the CSP then allows that one origin for images). */
function logoOf(ctx: KoaContextWithOIDC, branding: PoolBranding): string {
  if (!branding.logo_url) return '';
  let url: URL;
  try {
    url = new URL(branding.logo_url);
  } catch {
    return '';
  }
  if (url.protocol !== 'https:') return '';
  extendCsp(ctx, { 'img-src': [url.origin] });
  return `<img class="logo" src="${escapeHtml(url.href)}" alt="">`;
}

/**
 * A page of the provider. `script`: one inline script, allowed by its SHA-256 in `script-src`
 * (as oidc-provider does for its own forms); the other pages have none.
 */
function page(
  ctx: KoaContextWithOIDC,
  branding: PoolBranding,
  lang: Lang,
  title: string,
  body: string,
  script?: string,
): void {
  const nonce = randomBytes(16).toString('base64');
  extendCsp(ctx, { 'style-src': [`'nonce-${nonce}'`] });
  if (script)
    extendCsp(ctx, { 'script-src': [`'sha256-${createHash('sha256').update(script).digest('base64')}'`] });
  const color = COLOR.test(branding.primary_color) ? branding.primary_color : '#2563eb';
  const logo = logoOf(ctx, branding);
  ctx.type = 'html';
  ctx.set('cache-control', 'no-store');
  // Side padding on the body: on a phone the card keeps a margin to the screen's edges.
  ctx.body = `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(branding.display_name)}</title>
<style nonce="${nonce}">
*,*::before,*::after{box-sizing:border-box}
body{margin:0;padding:0 1rem;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f5f7;color:#1f2937}
main{max-width:28rem;margin:10vh auto;padding:2rem 1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);overflow-wrap:anywhere}
h1{font-size:1.4rem;margin:0 0 1rem}.brand{display:flex;align-items:center;gap:.75rem;font-weight:600;color:${color};margin-bottom:1.5rem}
.logo{max-height:2.5rem;max-width:8rem}
p{line-height:1.5}code{background:#f3f4f6;padding:.1rem .3rem;border-radius:4px}
button{display:block;width:100%;padding:.75rem;margin-top:.75rem;font-size:1rem;font-family:inherit;border-radius:8px;cursor:pointer;border:1px solid ${color}}
.primary{background:${color};color:#fff}.secondary{background:#fff;color:${color}}
button:focus-visible{outline:3px solid ${color};outline-offset:2px}
</style>
</head>
<body><main><div class="brand">${logo}<span>${escapeHtml(branding.display_name)}</span></div><h1>${escapeHtml(title)}</h1>${body}</main>${script ? `<script>${script}</script>` : ''}</body>
</html>`;
}

export interface PageContext {
  branding: () => PoolBranding;
}

export function renderErrorPage(
  pages: PageContext,
  ctx: KoaContextWithOIDC,
  out: { error?: string; error_description?: string },
): void {
  const branding = pages.branding();
  const lang = languageOf(ctx.get('accept-language') as string, branding.locale);
  const t = TEXT[lang];
  const description = out.error_description ?? '';
  const logout = /^end_session/.test(String(ctx.oidc?.route ?? ''));
  const explanation = /post_logout_redirect_uri/.test(description)
    ? t.postLogoutRedirectUri
    : /redirect_uri/.test(description)
      ? t.redirectUri
      : out.error === 'invalid_client'
        ? t.invalidClient
        : logout && /logout details/.test(description)
          ? t.logoutExpired
          : /session|interaction/i.test(description) && out.error === 'invalid_request'
            ? t.sessionNotFound
            : t.errorLead;
  page(
    ctx,
    branding,
    lang,
    logout ? t.logoutErrorTitle : t.errorTitle,
    `<p>${escapeHtml(explanation)}</p><p>${escapeHtml(t.errorHint)}</p>` +
      `<p>${escapeHtml(t.errorCode)}: <code>${escapeHtml(out.error ?? 'server_error')}</code></p>` +
      (description ? `<p><small>${escapeHtml(description)}</small></p>` : ''),
  );
}

export function renderLogoutPage(pages: PageContext, ctx: KoaContextWithOIDC, form: string): void {
  const branding = pages.branding();
  const lang = languageOf(ctx.get('accept-language') as string, branding.locale);
  const t = TEXT[lang];
  const app = (ctx.oidc?.client?.clientName as string | undefined) ?? null;
  page(
    ctx,
    branding,
    lang,
    t.logoutTitle,
    `<p>${escapeHtml(t.logoutLead(app, branding.display_name))}</p>${form}` +
      `<button class="primary" autofocus type="submit" form="op.logoutForm" value="yes" name="logout">${escapeHtml(t.logoutYes)}</button>` +
      `<button class="secondary" type="submit" form="op.logoutForm">${escapeHtml(t.logoutNo(app))}</button>`,
  );
}

export function renderLoggedOutPage(pages: PageContext, ctx: KoaContextWithOIDC): void {
  const branding = pages.branding();
  const lang = languageOf(ctx.get('accept-language') as string, branding.locale);
  const t = TEXT[lang];
  const app = (ctx.oidc?.client?.clientName as string | undefined) ?? null;
  page(ctx, branding, lang, t.loggedOutTitle, `<p>${escapeHtml(t.loggedOutLead(app))}</p>`);
}

/** oidc-provider's self-submitting form (response_modes/form_post.js of 9.x): its title and parts. */
const FORM_POST_TITLE = '<title>Submitting Callback</title>';
const FORM_POST_ACTION = /<form method="post" action="([^"]*)">/;
const FORM_POST_INPUT = /<input type="hidden" name="([\w.-]+)" value="([^"]*)"\/>/g;
const AUTO_SUBMIT = "document.getElementById('op.autoSubmit').submit()";

/**
 * oidc-provider answers with a self-submitting form (English, unbranded) where the browser has to
 * POST on: RP-initiated logout without a provider session (to /session/end/confirm), a
 * `response_mode=form_post` answer (to the client's redirect URI), and a sign-in as another
 * account than the provider session's (which signs that one out first). Rendered again as our
 * page: the same action and (already escaped) fields, a "Weiter / Continue" button for browsers
 * without script, and the one script allowed by its hash.
 */
export function brandFormPost(pages: PageContext, ctx: KoaContextWithOIDC): void {
  const body = ctx.body;
  if (typeof body !== 'string' || !body.includes(FORM_POST_TITLE)) return;
  const action = FORM_POST_ACTION.exec(body)?.[1];
  if (action === undefined) return;
  const inputs = [...body.matchAll(FORM_POST_INPUT)]
    .map(([, name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
    .join('');
  const branding = pages.branding();
  const lang = languageOf(ctx.get('accept-language') as string, branding.locale);
  const t = TEXT[lang];
  const app = (ctx.oidc?.client?.clientName as string | undefined) ?? null;
  const signingOut = /\/session\/end\/confirm(?:[?#]|$)/.test(action);
  page(
    ctx,
    branding,
    lang,
    signingOut ? t.signingOutTitle : t.returningTitle,
    `<p>${escapeHtml(signingOut ? t.signingOutLead(app) : t.returningLead(app))}</p>` +
      `<form id="op.autoSubmit" method="post" action="${action}">${inputs}` +
      `<button class="primary" type="submit">${escapeHtml(t.continue)}</button></form>`,
    AUTO_SUBMIT,
  );
}

/**
 * Koa middleware of every provider: our page for oidc-provider's self-submitting forms (above),
 * and the CSP for RP-initiated logout's way back (below).
 */
export function providerPages(pages: PageContext) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await allowPostLogoutRedirect(ctx, next);
    brandFormPost(pages, ctx);
  };
}

/**
 * Koa middleware for RP-initiated logout: the confirmation page's form, and the form the provider
 * submits by itself when its session has already ended, both end in a redirect to the client's
 * registered post-logout URI. CSP `form-action` applies to that redirect, so that one origin is
 * allowed (only after the provider checked the URI is registered for the client).
 */
export async function allowPostLogoutRedirect(ctx: KoaContextWithOIDC, next: () => Promise<void>) {
  await next();
  const target = ctx.oidc?.params?.post_logout_redirect_uri as string | undefined;
  if (ctx.oidc?.route === 'end_session' && target && ctx.oidc.client?.postLogoutRedirectUriAllowed?.(target))
    extendCsp(ctx, { 'form-action': [new URL(target).origin] });
}
