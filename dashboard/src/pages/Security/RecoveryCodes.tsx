import { Check, Copy, Download, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import styled from 'styled-components';
import { useFormatDate } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { Button, ButtonLink } from '../../ui/Button';
import { useCopyToClipboard } from '../../ui/useCopyToClipboard';

const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
  border: 2px solid #f59e0b;
  border-radius: ${({ theme }) => theme.radii.md};
  background: #fffbeb;
  h3 {
    margin: 0;
    font-size: 1.05rem;
  }
`;

const Warning = styled.p`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: flex-start;
  margin: 0;
  color: #78350f;
  svg {
    flex: none;
    margin-top: 2px;
  }
`;

const Codes = styled.ol`
  display: grid;
  /* two columns on a 375 px phone, five on a wide screen */
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 8rem), 1fr));
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: ${({ theme }) => theme.space(2)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surface};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.95rem;
    letter-spacing: 0.04em;
    text-align: center;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/**
 * The 10 recovery codes, right after they were made: shown once (the server keeps only their
 * hashes), with copy, a .txt download and a clear warning. `onDone` hides them for good.
 */
export function RecoveryCodes({
  codes,
  email,
  onDone,
}: {
  codes: string[];
  /** The account's address, named in the downloaded file. */
  email: string;
  onDone(): void;
}) {
  const t = useT();
  const headingId = useId();
  const formatDate = useFormatDate();
  const { copy, copied } = useCopyToClipboard({
    copied: t('tenancy.copied'),
    failed: t('tenancy.copyFailed'),
  });
  const fileText = [
    t('security.recovery.fileTitle', { email }),
    t('security.recovery.fileNote', { date: formatDate(new Date(), true) }),
    '',
    ...codes,
    '',
  ].join('\n');

  return (
    <Panel aria-labelledby={headingId}>
      <h3 id={headingId}>
        {t('security.recovery.title')} – {t('security.recovery.onlyNow')}
      </h3>
      <Warning role="note">
        <TriangleAlert aria-hidden="true" size={18} />
        {t('security.recovery.warning')}
      </Warning>
      <Codes aria-label={t('security.recovery.list')} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Codes>
      <Actions>
        <Button type="button" $variant="secondary" onClick={() => void copy(codes.join('\n'))}>
          {copied ? <Check aria-hidden="true" size={16} /> : <Copy aria-hidden="true" size={16} />}
          {t('security.recovery.copy')}
        </Button>
        <ButtonLink
          $variant="secondary"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(fileText)}`}
          download="iam-platform-wiederherstellungscodes.txt"
        >
          <Download aria-hidden="true" size={16} />
          {t('security.recovery.download')}
        </ButtonLink>
        <Button type="button" onClick={onDone}>
          {t('security.recovery.done')}
        </Button>
      </Actions>
    </Panel>
  );
}
