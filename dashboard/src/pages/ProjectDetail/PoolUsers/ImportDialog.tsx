import * as Label from '@radix-ui/react-label';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { describeError } from '../../../api/errors';
import { useFailureToast } from '../../../components/tenancy/useErrorToast';
import { useT } from '../../../i18n/useT';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { DialogActions, DialogForm } from '../../../ui/DialogForm';
import { useToast } from '../../../ui/useToast';
import { readImportFile, type ReadImport } from './importFile';
import { useImportUsers, type ImportFile, type ImportResult } from './queries';

const FileField = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  label {
    font-weight: 600;
    font-size: 0.9rem;
  }
  input {
    min-width: 0;
    padding: ${({ theme }) => theme.space(2)};
    border: 1px dashed #94a3b8;
    border-radius: ${({ theme }) => theme.radii.sm};
    font: inherit;
  }
`;

const Hint = styled.p`
  margin: 0;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
  code {
    font-size: 0.85rem;
  }
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  div {
    display: grid;
    gap: 2px;
    padding: ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    text-align: center;
  }
  dt {
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-size: 1.5rem;
    font-weight: 700;
  }
`;

const Problems = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  max-height: 240px;
  overflow-y: auto;
  margin: 0;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: 1px solid #fca5a5;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: #fef2f2;
  list-style: none;
  font-size: 0.9rem;
  overflow-wrap: anywhere;
`;

/** Errors listed at most; the rest are counted. */
const MAX_LISTED = 100;

/**
 * "Benutzer importieren": a JSON or CSV file the person chooses (read in the browser, sent as it
 * is), then what the server did — imported, skipped (already in the pool) and the rows it refused.
 */
export function ImportDialog({
  projectId,
  open,
  onOpenChange,
}: {
  projectId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('projectUsers.import.title')}
      description={t('projectUsers.import.text')}
      closeLabel={t('common.close')}
      width={560}
    >
      {open ? <ImportForm projectId={projectId} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function ImportForm({ projectId, onDone }: { projectId: string; onDone(): void }) {
  const t = useT();
  const toast = useToast();
  const fail = useFailureToast();
  const importUsers = useImportUsers(projectId);
  const formatHintId = useId();
  const inputId = useId();
  const [chosen, setChosen] = useState<{ name: string; read: ReadImport } | null>(null);
  const [result, setResult] = useState<{ format: ImportFile['format']; answer: ImportResult } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    setResult(null);
    setError(null);
    if (!file) {
      setChosen(null);
      return;
    }
    const read = readImportFile(file.name, file.type, await file.text());
    setChosen({ name: file.name, read });
    if (!read.ok) setError(t(`projectUsers.import.problem.${read.problem}`));
  };

  const submit = () => {
    if (!chosen) {
      setError(t('projectUsers.import.chooseFile'));
      return;
    }
    if (!chosen.read.ok) {
      setError(t(`projectUsers.import.problem.${chosen.read.problem}`));
      return;
    }
    const file = chosen.read.file;
    setError(null);
    importUsers.mutate(file, {
      onSuccess: (answer) => {
        setResult({ format: file.format, answer });
        toast({
          title: t('projectUsers.imported'),
          description: t('projectUsers.import.summary', {
            imported: String(answer.imported),
            skipped: String(answer.skipped),
            errors: String(answer.errors.length),
          }),
          variant: answer.errors.length > 0 ? 'default' : 'success',
        });
      },
      onError: (failure) => {
        setError(describeError(failure, t));
        fail('projectUsers.importFailed', failure);
      },
    });
  };

  // Where a refused row is in the file: CSV lines count the header; JSON entries count from 1.
  const rowOf = (index: number) =>
    result?.format === 'csv'
      ? t('projectUsers.import.line', { line: String(index + 2) })
      : t('projectUsers.import.entry', { entry: String(index + 1) });

  return (
    <DialogForm
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      <FileField>
        <Label.Root htmlFor={inputId}>{t('projectUsers.import.file')}</Label.Root>
        <input
          id={inputId}
          type="file"
          accept=".json,.csv,application/json,text/csv"
          aria-describedby={formatHintId}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </FileField>
      <Hint id={formatHintId}>
        {t('projectUsers.import.format')} <code>email, display_name, password_hash, email_verified</code>
      </Hint>
      {chosen?.read.ok ? (
        <Hint role="status">
          {chosen.read.count === null
            ? t('projectUsers.import.chosenCsv', { name: chosen.name })
            : t('projectUsers.import.chosenJson', { name: chosen.name, count: String(chosen.read.count) })}
        </Hint>
      ) : null}
      {result ? (
        <>
          <Figures aria-label={t('projectUsers.import.result')}>
            <div>
              <dt>{t('projectUsers.import.imported')}</dt>
              <dd>{result.answer.imported}</dd>
            </div>
            <div>
              <dt>{t('projectUsers.import.skipped')}</dt>
              <dd>{result.answer.skipped}</dd>
            </div>
            <div>
              <dt>{t('projectUsers.import.errors')}</dt>
              <dd>{result.answer.errors.length}</dd>
            </div>
          </Figures>
          {result.answer.skipped > 0 ? <Hint>{t('projectUsers.import.skippedHint')}</Hint> : null}
          {result.answer.errors.length > 0 ? (
            <Problems aria-label={t('projectUsers.import.errors')}>
              {result.answer.errors.slice(0, MAX_LISTED).map((problem) => (
                <li key={problem.index}>
                  <strong>{rowOf(problem.index)}</strong>
                  {problem.email ? ` (${problem.email})` : ''}: {problem.reason}
                </li>
              ))}
              {result.answer.errors.length > MAX_LISTED ? (
                <li>
                  {t('projectUsers.import.moreErrors', {
                    count: String(result.answer.errors.length - MAX_LISTED),
                  })}
                </li>
              ) : null}
            </Problems>
          ) : null}
        </>
      ) : null}
      <DialogActions>
        <Button type="button" $variant="secondary" onClick={onDone}>
          {result ? t('projectUsers.import.done') : t('common.cancel')}
        </Button>
        {result ? null : (
          <Button type="submit" disabled={importUsers.isPending} aria-busy={importUsers.isPending}>
            {importUsers.isPending ? t('projectUsers.import.sending') : t('projectUsers.import.send')}
          </Button>
        )}
      </DialogActions>
    </DialogForm>
  );
}
