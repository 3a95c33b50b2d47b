import { checkOrigin, type OriginProblem } from '@iam-platform/common';
import { Wand2, X } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { ApiError } from '../../api/client';
import type { MessageKey } from '../../i18n/messages';
import type { Translate } from '../../i18n/useT';
import { useT } from '../../i18n/useT';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Field';

const Origins = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space(1)};
    font-weight: 600;
    font-size: 0.9rem;
  }
  p {
    margin: 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  ul {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: #f1f5f9;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.85rem;
    overflow-wrap: anywhere;
    min-width: 0;
  }
`;

const AddRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
`;

const Problem = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space(1)};
  p {
    color: ${({ theme }) => theme.colors.danger};
    overflow-wrap: anywhere;
  }
  button {
    max-width: 100%;
    overflow-wrap: anywhere;
    text-align: left;
  }
  button svg {
    flex: none;
  }
`;

const IconButton = styled.button`
  flex: none;
  display: inline-flex;
  padding: 4px;
  border: 0;
  background: none;
  color: inherit;
  cursor: pointer;
  border-radius: ${({ theme }) => theme.radii.sm};
`;

/** Literal keys, so the i18n coverage test sees every reason's text. */
const PROBLEM_TEXT: Record<OriginProblem, MessageKey> = {
  empty: 'applications.origins.problem.empty',
  wildcard: 'applications.origins.problem.wildcard',
  scheme: 'applications.origins.problem.scheme',
  unsupported_scheme: 'applications.origins.problem.unsupportedScheme',
  host: 'applications.origins.problem.host',
  credentials: 'applications.origins.problem.credentials',
  path: 'applications.origins.problem.path',
  query: 'applications.origins.problem.query',
  fragment: 'applications.origins.problem.fragment',
};

/** The reasons an entry is not an origin, in words: "das Schema fehlt (…), enthält einen Pfad". */
export function originReasons(problems: OriginProblem[], t: Translate): string {
  return problems.map((problem) => t(PROBLEM_TEXT[problem])).join(', ');
}

/**
 * The server's refusal of `sent` origins in the user's words — "allowed_origins[1] „…“ ist kein
 * Origin: das Schema fehlt …" for each refused entry — or null when the failure is about
 * something else. The field checks by the same rule, so this is the rare case of a stale page.
 */
export function originsRefusal(failure: unknown, sent: string[], t: Translate): string | null {
  if (!(failure instanceof ApiError) || failure.code !== 'validation_failed') return null;
  const refusals = (failure.details ?? []).flatMap((detail) => {
    const index = /allowed_origins\.(\d+)$/.exec(detail.path)?.[1];
    const value = index === undefined ? undefined : sent[Number(index)];
    if (value === undefined) return [];
    const check = checkOrigin(value);
    const reasons = check.ok ? detail.message : originReasons(check.problems, t);
    return [t('applications.origins.refused', { index: index!, value, reasons })];
  });
  return refusals.length > 0 ? refusals.join(' ') : null;
}

/** Still typing the scheme ("h", "https:/", "https://"): too early to call it wrong. */
function typingScheme(value: string): boolean {
  const typed = value.trim().toLowerCase();
  return 'https://'.startsWith(typed) || 'http://'.startsWith(typed);
}

/**
 * The allowed origins of an application being edited: the list (always valid entries, as the
 * server stores them) and the entry being typed, which is checked as it is typed by the rule the
 * server applies (`checkOrigin`). A bad entry is never added; it is marked, says why, and — for a
 * pasted URL or a host without scheme — offers its origin in one click. Saving is blocked only
 * while the entry being typed is bad (`pendingOrigins` answers null then).
 */
export function useAllowedOrigins(initial: string[]) {
  const [origins, setOrigins] = useState<string[]>(initial);
  const [draft, setDraftValue] = useState('');
  // Set when the user tries to add or save a bad entry: then even "https://" is called wrong.
  const [insisted, setInsisted] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const check = draft.trim() ? checkOrigin(draft) : null;
  const problem = check && !check.ok && (insisted || !typingScheme(draft)) ? check : null;

  const setDraft = (value: string) => {
    setDraftValue(value);
    if (!value.trim()) setInsisted(false);
  };
  const adopt = (origin: string) => {
    setOrigins((current) => (current.includes(origin) ? current : [...current, origin]));
    setDraft('');
  };
  const add = () => {
    if (!check) return;
    if (check.ok) adopt(check.origin);
    else setInsisted(true);
  };
  /** The list to save (the typed entry included when it is an origin), or null while it is bad. */
  const pendingOrigins = (): string[] | null => {
    if (!check) return origins;
    if (!check.ok) {
      setInsisted(true);
      inputRef.current?.focus();
      return null;
    }
    adopt(check.origin);
    return origins.includes(check.origin) ? origins : [...origins, check.origin];
  };
  return { origins, setOrigins, draft, setDraft, problem, add, adopt, pendingOrigins, inputRef };
}

export type AllowedOriginsState = ReturnType<typeof useAllowedOrigins>;

export function AllowedOriginsField({ state }: { state: AllowedOriginsState }) {
  const t = useT();
  const hintId = useId();
  const problemId = useId();
  const { origins, setOrigins, draft, setDraft, problem, add, adopt, inputRef } = state;
  const suggestion = problem?.suggestion;

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the origin instead of submitting the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  const fix = (origin: string) => {
    adopt(origin);
    inputRef.current?.focus();
  };

  return (
    <Origins>
      <legend>{t('applications.field.origins')}</legend>
      <p id={hintId}>{t('applications.origins.hint')}</p>
      {origins.length > 0 ? (
        <ul>
          {origins.map((origin) => (
            <li key={origin}>
              <span>{origin}</span>
              <IconButton
                type="button"
                aria-label={t('applications.origins.remove', { origin })}
                onClick={() => setOrigins(origins.filter((entry) => entry !== origin))}
              >
                <X aria-hidden="true" size={16} />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('applications.origins.none')}</p>
      )}
      <AddRow>
        <Input
          ref={inputRef}
          aria-label={t('applications.origins.new')}
          aria-describedby={problem ? `${problemId} ${hintId}` : hintId}
          aria-invalid={problem ? true : undefined}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://app.example.com"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKey}
        />
        <Button type="button" $variant="secondary" onClick={add}>
          {t('applications.origins.add')}
        </Button>
      </AddRow>
      {problem ? (
        <Problem>
          <p id={problemId}>
            {t('applications.origins.invalid', {
              value: draft.trim(),
              reasons: originReasons(problem.problems, t),
            })}
          </p>
          {suggestion ? (
            <Button type="button" $variant="secondary" onClick={() => fix(suggestion)}>
              <Wand2 aria-hidden="true" size={16} />
              {t('applications.origins.fix', { origin: suggestion })}
            </Button>
          ) : null}
        </Problem>
      ) : null}
    </Origins>
  );
}
