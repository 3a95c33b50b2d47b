import { KeyRound, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';
import { useFailureToast } from '../../../components/tenancy/useErrorToast';
import { useFormatDate } from '../../../i18n/format';
import { useT } from '../../../i18n/useT';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { SelectField } from '../../../ui/Select';
import { SecretField } from '../../../ui/SecretField';
import { useToast } from '../../../ui/useToast';
import { Hint } from '../../ProjectDetail/PoolSettings/fields';
import { Note, Section } from './parts';
import { useCreateSecret, type CreatedSecret, type OidcSettings } from './queries';

/** How long the previous secret stays valid beside a new one (the server allows 0 to 7 days). */
const OVERLAPS = ['0', '3600', '86400', '604800'] as const;
type Overlap = (typeof OVERLAPS)[number];

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
  > div {
    flex: 0 1 240px;
  }
`;

const Warning = styled.p`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid #fcd34d;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: #fffbeb;
  color: #78350f;
  svg {
    flex: none;
    margin-top: 2px;
  }
`;

const DialogActions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

/**
 * The client secret of a confidential client: created or renewed here, shown once in a dialog
 * (only its hash is stored). Renewing keeps the previous secret valid for the chosen overlap.
 */
export function SecretCard({
  applicationId,
  oidc,
  readOnly,
}: {
  applicationId: string;
  oidc: OidcSettings;
  readOnly: boolean;
}) {
  const t = useT();
  const toast = useToast();
  const fail = useFailureToast();
  const formatDate = useFormatDate();
  const create = useCreateSecret(applicationId);
  const [overlap, setOverlap] = useState<Overlap>('86400');
  // With whether the previous secret still works, judged when the answer came.
  const [created, setCreated] = useState<(CreatedSecret & { previousValid: boolean }) | null>(null);
  const rotating = oidc.client_secret_set;

  const generate = () =>
    create.mutate(Number(overlap), {
      onSuccess: (secret) => {
        const until = secret.previous_secret_expires_at;
        setCreated({ ...secret, previousValid: until !== null && new Date(until).getTime() > Date.now() });
        toast({ title: t('oidc.secret.created'), variant: 'success' });
      },
      onError: (failure) => fail('oidc.secret.failed', failure),
    });

  return (
    <Section aria-labelledby="oidc-secret">
      <h2 id="oidc-secret">{t('oidc.secret.title')}</h2>
      <p>{t('oidc.secret.text')}</p>
      <Hint as="p" data-testid="client-secret-status">
        {oidc.client_secret_set && oidc.client_secret_created_at
          ? t('oidc.secret.createdAt', { date: formatDate(oidc.client_secret_created_at, true) })
          : t('oidc.secret.none')}
      </Hint>
      {readOnly ? (
        <Note>{t('oidc.secret.adminOnly')}</Note>
      ) : (
        <Actions>
          {rotating ? (
            <SelectField
              label={t('oidc.secret.overlap')}
              value={overlap}
              options={OVERLAPS.map((seconds) => ({
                value: seconds,
                label: t(`oidc.secret.overlap.${seconds}`),
              }))}
              onChange={(event) => setOverlap(event.target.value as Overlap)}
            />
          ) : null}
          <Button
            type="button"
            $variant={rotating ? 'secondary' : 'primary'}
            disabled={create.isPending}
            aria-busy={create.isPending}
            onClick={generate}
          >
            <KeyRound aria-hidden="true" size={16} />
            {create.isPending
              ? t('oidc.secret.creating')
              : t(rotating ? 'oidc.secret.rotate' : 'oidc.secret.create')}
          </Button>
        </Actions>
      )}
      {rotating && !readOnly ? <Hint>{t('oidc.secret.overlap.hint')}</Hint> : null}
      <Dialog
        open={created !== null}
        onOpenChange={(open) => {
          if (!open) setCreated(null);
        }}
        title={t('oidc.secret.dialog.title')}
        closeLabel={t('common.close')}
        width={520}
      >
        {created ? (
          <>
            <Warning>
              <TriangleAlert aria-hidden="true" size={18} />
              <span>{t('oidc.secret.dialog.warning')}</span>
            </Warning>
            <SecretField
              label={t('oidc.secret.dialog.label')}
              value={created.client_secret}
              revealLabel={t('oidc.secret.dialog.reveal')}
              copyLabel={t('oidc.secret.dialog.copy')}
              copiedMessage={t('tenancy.copied')}
              copyFailedMessage={t('tenancy.copyFailed')}
            />
            {created.previous_secret_expires_at ? (
              <Hint>
                {created.previousValid
                  ? t('oidc.secret.dialog.previous', {
                      date: formatDate(created.previous_secret_expires_at, true),
                    })
                  : t('oidc.secret.dialog.previousEnded')}
              </Hint>
            ) : null}
            <DialogActions>
              <Button type="button" onClick={() => setCreated(null)}>
                {t('oidc.secret.dialog.done')}
              </Button>
            </DialogActions>
          </>
        ) : null}
      </Dialog>
    </Section>
  );
}
