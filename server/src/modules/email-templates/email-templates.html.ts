import {
  detectTemplateVariables,
  htmlToText,
  sanitizeTemplateHtml,
  SECRET_PLACEHOLDER,
  type ApplicationSystemTemplateName,
  type TemplateProblem,
} from '../mail/index.js';

/** The placeholders a system template cannot work without: the link (or code) its mail exists for. */
export const REQUIRED_VARIABLES: Partial<Record<ApplicationSystemTemplateName, string[]>> = {
  email_confirmation: ['confirmLink'],
  password_reset: ['resetLink'],
  email_code: ['signInCode'],
  pool_invitation: ['inviteLink'],
};

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

/**
 * Whether sanitized HTML still shows something: text, or an image. `<script>x</script>` sanitizes
 * to nothing, and a template or mail without content is a mistake to report, not to store or send.
 */
export function hasVisibleContent(html: string): boolean {
  return htmlToText(html).trim() !== '' || /<img\b/i.test(html);
}

/** The 400 detail for HTML that sanitized to nothing (`path`: the field it came in). */
export function emptyHtmlDetail(path: string) {
  return {
    path,
    message:
      'The HTML has no allowed content once sanitized (scripts, styles, frames and event handlers are removed). Send visible text or an image.',
  };
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
