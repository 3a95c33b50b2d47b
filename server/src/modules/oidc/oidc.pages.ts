import { randomBytes } from 'node:crypto';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { PoolBranding } from '../../core/pools.js';

/**
 * The provider's own pages (issue #32): the error page, the logout confirmation and the page
 * after logout, in German or English (the browser's Accept-Language, else the pool's locale),
 * with the pool's name and colour. The security headers' CSP stays strict: the one <style> block
 * carries a nonce added to `style-src` for this response, and there is no script at all.
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

function page(
  ctx: KoaContextWithOIDC,
  branding: PoolBranding,
  lang: Lang,
  title: string,
  body: string,
): void {
  const nonce = randomBytes(16).toString('base64');
  extendCsp(ctx, { 'style-src': [`'nonce-${nonce}'`] });
  const color = COLOR.test(branding.primary_color) ? branding.primary_color : '#2563eb';
  ctx.type = 'html';
  ctx.set('cache-control', 'no-store');
  ctx.body = `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(branding.display_name)}</title>
<style nonce="${nonce}">
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f5f7;color:#1f2937}
main{max-width:28rem;margin:10vh auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.4rem;margin:0 0 1rem}.brand{font-weight:600;color:${color};margin-bottom:1.5rem}
p{line-height:1.5}code{background:#f3f4f6;padding:.1rem .3rem;border-radius:4px}
button{display:block;width:100%;padding:.75rem;margin-top:.75rem;font-size:1rem;border-radius:8px;cursor:pointer;border:1px solid ${color}}
.primary{background:${color};color:#fff}.secondary{background:#fff;color:${color}}
</style>
</head>
<body><main><div class="brand">${escapeHtml(branding.display_name)}</div><h1>${escapeHtml(title)}</h1>${body}</main></body>
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
