import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import { composeAnswer, type Source } from './answer.js';
import { AssistantErrors } from './assistant.errors.js';
import { normaliseQuestion, questionKey, unansweredQuestionModel } from './assistant.model.js';
import { loadGuides, SDK_REFERENCE_SLUG, type Guide } from './guides.js';
import { buildIntegrationGuide, INTEGRATION_GUIDE_SLUG } from './integration-guide.js';
import { detectLanguage, type Language } from './language.js';
import { askLanguageModel } from './llm.js';
import { listOperations, type ApiOperation, type OpenApiDocument } from './openapi-operations.js';
import { safeAnswer } from './safe-answer.js';
import { snippetsFor } from './snippet-service.js';
import type { SnippetApplication, SnippetKind } from './snippets.js';
import { chunksOf, SearchIndex, type PromptType } from './search-index.js';

export interface AssistantDependencies {
  config: Config;
  connection: Connection;
  logger: Logger;
  /** The served OpenAPI document; read on first use, after every route is registered. */
  openApiDocument: () => unknown;
}

export interface AskResult {
  documentation: string;
  sources: Source[];
  /** The question's language, which the answer's own words are in. */
  language: Language;
}

export interface GuideSummary {
  slug: string;
  title: string;
  description: string;
  source: string | null;
}

interface Library {
  guides: Guide[];
  operations: ApiOperation[];
  index: SearchIndex;
  integrationGuide: string;
}

export type AssistantService = ReturnType<typeof createAssistantService>;

export function createAssistantService(deps: AssistantDependencies) {
  const { config, logger } = deps;
  const unanswered = unansweredQuestionModel(deps.connection);
  let library: Promise<Library> | undefined;

  async function build(): Promise<Library> {
    const started = Date.now();
    const all = await loadGuides(config.assistant.docsDir, config.assistant.sdkSourceDir);
    const integrationSource = all.find((guide) => guide.slug === INTEGRATION_GUIDE_SLUG);
    const guides = all.filter((guide) => guide.slug !== INTEGRATION_GUIDE_SLUG);
    const operations = listOperations(deps.openApiDocument() as OpenApiDocument);
    const index = new SearchIndex(chunksOf(guides, operations));
    const integrationGuide = buildIntegrationGuide(
      integrationSource?.markdown ?? '# Integrating the IAM Platform',
      operations,
      guides.find((guide) => guide.slug === SDK_REFERENCE_SLUG),
      config.version,
    );
    logger.info(
      {
        guides: guides.length,
        operations: operations.length,
        sections: index.size,
        ms: Date.now() - started,
      },
      'documentation assistant: index built',
    );
    return { guides, operations, index, integrationGuide };
  }

  /** Built once per process on first use; a failed build is tried again by the next call. */
  function load(): Promise<Library> {
    library ??= build().catch((error: unknown) => {
      library = undefined;
      throw error;
    });
    return library;
  }

  async function logUnanswered(question: string, promptType: PromptType | undefined): Promise<void> {
    const now = new Date();
    await unanswered.updateOne(
      { _id: questionKey(question) },
      {
        $inc: { count: 1 },
        $set: { last_asked_at: now, prompt_type: promptType ?? null },
        $setOnInsert: { question: normaliseQuestion(question), first_asked_at: now },
      },
      { upsert: true },
    );
  }

  return {
    load,

    async ask(question: string, promptType?: PromptType): Promise<AskResult> {
      const trimmed = question.trim();
      if (!trimmed) throw new AppError(AssistantErrors.QUESTION_REQUIRED);
      const { index, operations } = await load();
      const language = detectLanguage(trimmed);
      const answer = composeAnswer(index, trimmed, index.query(trimmed, promptType), language);
      if (!answer.found) {
        await logUnanswered(trimmed, promptType);
        return { documentation: answer.documentation, sources: answer.sources, language };
      }
      const { llmUrl, llmKey, llmModel, llmTimeoutMs } = config.assistant;
      if (llmUrl && llmKey) {
        const phrased = await askLanguageModel(
          { url: llmUrl, key: llmKey, model: llmModel, timeoutMs: llmTimeoutMs },
          trimmed,
          answer.sections,
          logger,
          language,
        );
        // The model's words go to API clients as Markdown: made safe and its endpoints checked first.
        if (phrased)
          return { documentation: safeAnswer(phrased, operations), sources: answer.sources, language };
      }
      return { documentation: answer.documentation, sources: answer.sources, language };
    },

    async guides(): Promise<GuideSummary[]> {
      const { guides } = await load();
      return guides.map(({ slug, title, description, source }) => ({ slug, title, description, source }));
    },

    async guide(slug: string): Promise<GuideSummary & { markdown: string }> {
      const { guides } = await load();
      const guide = guides.find((candidate) => candidate.slug === slug);
      if (!guide) throw new AppError(AssistantErrors.GUIDE_NOT_FOUND);
      const { title, description, source, markdown } = guide;
      return { slug, title, description, source, markdown };
    },

    /** Integration code for one application (its caller already authorized), in `language`. */
    async snippets(app: SnippetApplication, language: Language, kinds?: SnippetKind[]) {
      return snippetsFor(await load(), app, config.publicUrl, language, kinds, logger);
    },

    async integrationGuide(): Promise<string> {
      return (await load()).integrationGuide;
    },

    /** The most often unanswered questions first. */
    async unansweredQuestions(limit: number) {
      const rows = await unanswered.find().sort({ count: -1, last_asked_at: -1 }).limit(limit).lean();
      return rows.map((row) => ({
        question: row.question,
        prompt_type: row.prompt_type,
        count: row.count,
        first_asked_at: row.first_asked_at.toISOString(),
        last_asked_at: row.last_asked_at.toISOString(),
      }));
    },
  };
}
