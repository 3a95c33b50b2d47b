import { Sparkles } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/Select';
import { TextareaField } from '../../ui/Textarea';
import { Markdown } from './Markdown';
import { pageHref } from './markdown';
import { useAskAssistant, type PromptType } from './queries';
import { AssistantSnippets } from './Snippets';
import { DocsSection, Muted } from './styles';

/** SPEC §2: the page refuses an empty question itself ("Please enter a question" in English). */
export const EMPTY_QUESTION: MessageKey = 'docs.assistant.empty';
/** SPEC §8 ("Failed to generate documentation. Please try again." in English). */
export const ASSISTANT_FAILED: MessageKey = 'docs.assistant.failed';

const AREAS: { value: PromptType | ''; label: MessageKey }[] = [
  { value: '', label: 'docs.assistant.anyArea' },
  { value: 'userAuth', label: 'docs.assistant.userAuth' },
  { value: 'logging', label: 'docs.assistant.logging' },
  { value: 'monitoring', label: 'docs.assistant.monitoring' },
];

/** AI-powered documentation: a question in plain words, answered from the docs with sources. */
export function AssistantSection() {
  const t = useT();
  const [question, setQuestion] = useState('');
  const [area, setArea] = useState<PromptType | ''>('');
  const [problem, setProblem] = useState<string | null>(null);
  const ask = useAskAssistant();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!question.trim()) {
      setProblem(t(EMPTY_QUESTION));
      return;
    }
    setProblem(null);
    ask.mutate({ question: question.trim(), ...(area ? { prompt_type: area } : {}) });
  };

  return (
    <DocsSection id="assistant" aria-labelledby="assistant-title">
      <h2 id="assistant-title">{t('docs.section.assistant')}</h2>
      <p>{t('docs.assistant.lead')}</p>
      <Form onSubmit={submit} noValidate>
        <TextareaField
          label={t('docs.assistant.question')}
          name="question"
          value={question}
          maxLength={1000}
          placeholder={t('docs.assistant.placeholder')}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'assistant-question-error' : undefined}
          onChange={(event) => {
            setQuestion(event.target.value);
            if (problem) setProblem(null);
          }}
        />
        {problem ? (
          <FieldError id="assistant-question-error" role="alert">
            {problem}
          </FieldError>
        ) : null}
        <Row>
          <SelectField
            label={t('docs.assistant.area')}
            name="prompt_type"
            value={area}
            options={AREAS.map(({ value, label }) => ({ value, label: t(label) }))}
            onChange={(event) => setArea(event.target.value as PromptType | '')}
          />
          <Button type="submit" disabled={ask.isPending}>
            <Sparkles aria-hidden="true" size={16} />{' '}
            {t(ask.isPending ? 'docs.assistant.searching' : 'docs.assistant.ask')}
          </Button>
        </Row>
      </Form>
      {ask.isError ? <Alert tone="error">{t(ASSISTANT_FAILED)}</Alert> : null}
      {ask.data ? (
        <Answer aria-live="polite" data-testid="assistant-answer" lang={ask.data.language}>
          <Markdown source={ask.data.documentation} />
          {ask.data.sources.length ? (
            <>
              <h3>{t('docs.assistant.sources')}</h3>
              <ol>
                {ask.data.sources.map((source) => (
                  <li key={source.url}>
                    <a href={pageHref(source.url)}>{source.title}</a>
                    <Muted>{source.excerpt}</Muted>
                  </li>
                ))}
              </ol>
            </>
          ) : null}
        </Answer>
      ) : null}
      <AssistantSnippets />
    </DocsSection>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 720px;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  > div {
    flex: 1 1 200px;
  }
`;

const FieldError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.9rem;
`;

const Answer = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  min-width: 0;
  h3 {
    margin: ${({ theme }) => `${theme.space(2)} 0 0`};
    font-size: 1.05rem;
  }
  ol {
    margin: 0;
    padding-left: ${({ theme }) => theme.space(5)};
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
  }
`;
