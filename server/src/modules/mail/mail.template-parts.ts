/**
 * What the built-in templates are made of (mail.templates.ts for dashboard accounts,
 * mail.templates.pool.ts for a project pool's end users): the shapes, the placeholder syntax and
 * the building blocks both catalogs share.
 */

/** What a template is made of (SPEC §3 email_template): the source other modules store and edit. */
export interface TemplateSource {
  subject: string;
  html_content: string;
  /** The plain-text part; derived from `html_content` when absent. */
  text_content?: string | null;
}

export interface MailTemplate extends TemplateSource {
  /** The `{{name}}` placeholders the template uses, in order of first appearance. */
  variables: string[];
}

/** The product a mail names when its recipient is a dashboard (platform) account. */
export const PLATFORM_PRODUCT_NAME = 'IAM Platform';

export const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** The names of the `{{name}}` placeholders in a text, each once, in order of first appearance. */
export function detectTemplateVariables(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(PLACEHOLDER), (match) => match[1]!))];
}

export function button(href: string, label: string): string {
  return (
    `<p style="margin:28px 0"><a href="${href}" style="display:inline-block;padding:12px 24px;` +
    `border-radius:6px;background-color:#2563eb;color:#ffffff;font-weight:600;text-decoration:none">` +
    `${label}</a></p>`
  );
}

/** A one-time code, large and spaced so it reads at a glance (never in the subject: mail.sanitize.ts). */
export function codeBox(code: string): string {
  return (
    `<p style="margin:24px 0;font-size:32px;font-weight:700;letter-spacing:6px;` +
    `font-family:Menlo,Consolas,monospace;color:#111827">${code}</p>`
  );
}

export function defineTemplate(subject: string, paragraphs: string[]): MailTemplate {
  const html_content = paragraphs.join('\n');
  return Object.freeze({
    subject,
    html_content,
    variables: detectTemplateVariables(`${html_content} ${subject}`),
  });
}

/** What every factor notice says about its "this wasn't me" link's validity (the factor-changes module). */
export const NOT_ME_VALIDITY_DE = '<p>Der Link ist 7 Tage gültig und kann einmal verwendet werden.</p>';
export const NOT_ME_VALIDITY_EN = '<p>The link is valid for 7 days and can be used once.</p>';
