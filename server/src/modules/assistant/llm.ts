import type { Logger } from 'pino';
import type { Language } from './language.js';
import type { Chunk } from './search-index.js';

export interface LlmOptions {
  url: string;
  key: string;
  model: string;
  timeoutMs: number;
}

const INSTRUCTION =
  'You answer questions about the IAM Platform using ONLY the documentation sections given below. ' +
  'Name endpoints, fields and SDK calls exactly as the sections write them; never invent an endpoint, ' +
  'parameter or SDK call. Cite the sections you used by their URL in Markdown links. If the sections do ' +
  'not answer the question, say so. Answer in Markdown, briefly, with a code example when the sections have one. ' +
  'Keep code examples exactly as the sections write them; only the prose is yours.';

/** The answer's language is the question's (language.ts), whatever the sections are written in. */
const IN_LANGUAGE: Record<Language, string> = {
  en: 'Answer in English.',
  de: 'Answer in German (Sie form), even though the sections are English; keep code, endpoints and field names as written.',
};

const MAX_ANSWER_CHARS = 8000;

function context(sections: Chunk[]): string {
  return sections
    .map((section, position) =>
      [
        `[${position + 1}] ${section.title} (${section.url})`,
        section.text.slice(0, 2000),
        section.code ? `Example:\n${section.code.body.slice(0, 1500)}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    )
    .join('\n\n');
}

/**
 * Asks an OpenAI-compatible chat-completions endpoint to phrase the answer from the retrieved
 * sections. Resolves null on any failure (timeout, HTTP error, unexpected body), so the caller
 * keeps the retrieval answer; the reason is logged, never shown.
 */
export async function askLanguageModel(
  options: LlmOptions,
  question: string,
  sections: Chunk[],
  logger: Logger,
  language: Language = 'en',
): Promise<string | null> {
  try {
    const response = await fetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${options.key}` },
      body: JSON.stringify({
        model: options.model,
        temperature: 0,
        messages: [
          { role: 'system', content: `${INSTRUCTION} ${IN_LANGUAGE[language]}` },
          {
            role: 'user',
            content: `Documentation sections:\n\n${context(sections)}\n\nQuestion: ${question}`,
          },
        ],
      }),
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'error',
    });
    if (!response.ok) {
      logger.warn({ status: response.status }, 'assistant: the language model answered with an error');
      return null;
    }
    const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string' || content.trim() === '') {
      logger.warn('assistant: the language model gave no answer');
      return null;
    }
    return content.trim().slice(0, MAX_ANSWER_CHARS);
  } catch (error) {
    logger.warn({ err: error }, 'assistant: the language model could not be reached');
    return null;
  }
}
