import { z } from '../../lib/openapi.js';
import { PROMPT_TYPES } from './search-index.js';
import { SNIPPET_KINDS } from './snippets.js';

export const MAX_QUESTION_LENGTH = 1000;

export const AskSchema = z
  .object({
    question: z
      .string({ error: 'Please enter a question' })
      .max(MAX_QUESTION_LENGTH, `The question may have at most ${MAX_QUESTION_LENGTH} characters.`)
      .openapi({
        description: 'Plain words; an empty or blank question is refused ("Please enter a question").',
        example: 'How do I revoke an API token?',
      }),
    prompt_type: z.enum(PROMPT_TYPES).optional().openapi({
      description: 'Ranks sections of that area (logging, monitoring, user authentication) higher.',
    }),
  })
  .openapi('AssistantQuestion');

export const SourceSchema = z
  .object({
    title: z.string(),
    url: z
      .string()
      .openapi({ description: 'Where the docs page shows the section.', example: '/docs#api-tokens' }),
    excerpt: z.string(),
  })
  .openapi('AssistantSource');

export const AnswerSchema = z
  .object({
    documentation: z.string().openapi({
      description:
        'The answer in Markdown, made of the cited sections. When nothing relevant was found it says so and ' +
        'suggests the closest sections, and `sources` is empty.',
    }),
    sources: z.array(SourceSchema),
    language: z.enum(['de', 'en']).openapi({
      description:
        'The question’s language (German or English); the answer’s own words are in it. The guides are English and quoted as written.',
    }),
  })
  .openapi('AssistantAnswer');

export const GuideSummarySchema = z
  .object({
    slug: z
      .string()
      .openapi({ description: 'Also the guide’s anchor on /docs.', example: 'getting-started' }),
    title: z.string(),
    description: z.string(),
    source: z
      .string()
      .nullable()
      .openapi({ description: 'The file in the repository; null for a guide generated from sources.' }),
  })
  .openapi('GuideSummary');

export const GuideListSchema = z
  .object({ data: z.array(GuideSummarySchema), next_cursor: z.null() })
  .openapi('GuideList');

export const GuideSchema = GuideSummarySchema.extend({ markdown: z.string() }).openapi('Guide');

export const GuideParams = z.object({ slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,80}$/) });

export const UnansweredQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const UnansweredListSchema = z
  .object({
    data: z.array(
      z.object({
        question: z.string(),
        prompt_type: z.string().nullable(),
        count: z.number().int(),
        first_asked_at: z.iso.datetime(),
        last_asked_at: z.iso.datetime(),
      }),
    ),
    next_cursor: z.null(),
  })
  .openapi('UnansweredQuestionList');

export const SnippetsQuery = z.object({
  kind: z.enum(SNIPPET_KINDS).optional().openapi({ description: 'One kind; all kinds when left out.' }),
  locale: z
    .enum(['de', 'en'])
    .default('en')
    .openapi({ description: 'The language of titles and explanations (code is the same in both).' }),
});

export const SnippetSchema = z
  .object({
    kind: z.enum(SNIPPET_KINDS),
    title: z.string(),
    language: z.enum(['html', 'javascript', 'python']).openapi({ description: 'The code’s language.' }),
    filename: z.string().openapi({ example: 'verify-token.mjs' }),
    code: z.string().openapi({
      description:
        'Ready to paste, with the application’s id, this server’s URL and the allowed origins filled in. From templates, never from a language model.',
    }),
    explanation: z.array(z.string()).openapi({ description: 'Paragraphs of plain text around the code.' }),
    source: z
      .object({ title: z.string(), url: z.string() })
      .openapi({ description: 'The guide section the code follows.' }),
    endpoints: z.array(z.string()).openapi({
      description: '`METHOD /path` of the API operations the code calls; all in the OpenAPI document.',
    }),
  })
  .openapi('IntegrationSnippet');

export const SnippetListSchema = z
  .object({
    application_id: z.string(),
    api_url: z.string().openapi({ example: 'https://iam.example.com' }),
    allowed_origins: z.array(z.string()),
    data: z.array(SnippetSchema),
  })
  .openapi('IntegrationSnippetList');
