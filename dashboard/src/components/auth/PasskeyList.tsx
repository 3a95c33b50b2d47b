import { KeyRound, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import styled from 'styled-components';
import type { ApiClient } from '../../api/client';
import { describeError } from '../../api/errors';
import { useFormatDate } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { BorderedList, BorderedListItem } from '../../ui/BorderedList';
import { Button } from '../../ui/Button';
import { Skeletons } from '../../ui/Skeleton';
import { useToast } from '../../ui/useToast';
import { PasskeyNameDialog, RemovePasskeyDialog } from './PasskeyDialogs';
import { passkeysSupported, type Passkey } from './passkeys';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from './usePasskeys';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  p {
    margin: 0;
  }
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  > div {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    flex: 1 1 280px;
    min-width: 0;
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
`;

const Name = styled.strong`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Meta = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/**
 * The account's passkeys and security keys on the security page: list them (name, added, last
 * used), add one (name, then the browser's prompt), rename, remove (password or code).
 * `onChange` runs after each change (e.g. to reload /auth/me and its two-factor status). With
 * `heading={false}` the section leaves its title to the page (which wraps it in its own section).
 */
export function PasskeyList({
  onChange,
  heading = true,
  client,
  intro,
}: {
  onChange?(): unknown;
  heading?: boolean;
  /** What passkeys do here (the dashboard's text unless given). */
  intro?: string;
  /** The session's API client; the dashboard's unless given (a hosted account page's). */
  client?: ApiClient;
} = {}) {
  const t = useT();
  const toast = useToast();
  const formatDate = useFormatDate();
  const titleId = useId();
  const passkeys = usePasskeys(client);
  const add = useAddPasskey(onChange, client);
  const rename = useRenamePasskey(onChange, client);
  const remove = useRemovePasskey(onChange, client);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const supported = passkeysSupported();

  const addPasskey = async (name: string) => {
    const created = await add.mutateAsync(name);
    setAdding(false);
    toast({
      title: t('passkeys.added'),
      description: t('passkeys.addedText', { name: created.name }),
      variant: 'success',
    });
  };
  const renamePasskey = async (name: string) => {
    if (!renaming) return;
    await rename.mutateAsync({ passkey: renaming, name });
    setRenaming(null);
    toast({ title: t('passkeys.renamed'), variant: 'success' });
  };

  const rows = passkeys.data ?? [];
  return (
    <Section aria-labelledby={heading ? titleId : undefined} as={heading ? 'section' : 'div'}>
      <Header>
        <div>
          {heading ? <h2 id={titleId}>{t('passkeys.title')}</h2> : null}
          <Muted>{intro ?? t('passkeys.intro')}</Muted>
        </div>
        <Button type="button" onClick={() => setAdding(true)} disabled={!supported}>
          <Plus aria-hidden="true" size={18} />
          {t('passkeys.add')}
        </Button>
      </Header>
      {supported ? null : <Alert tone="error">{t('passkeys.unsupported')}</Alert>}

      {passkeys.isPending ? (
        <Skeletons count={1} height={72} label={t('common.loading')} />
      ) : passkeys.isError ? (
        <div>
          <Alert tone="error">
            {t('passkeys.loadFailed')}: {describeError(passkeys.error, t)}
          </Alert>
          <p>
            <Button type="button" $variant="secondary" onClick={() => void passkeys.refetch()}>
              {t('passkeys.retry')}
            </Button>
          </p>
        </div>
      ) : rows.length === 0 ? (
        <Muted>{t('passkeys.empty')}</Muted>
      ) : (
        <BorderedList aria-label={t('passkeys.list')}>
          {rows.map((passkey) => (
            <BorderedListItem key={passkey.id}>
              <Row>
                <Name>
                  <KeyRound aria-hidden="true" size={18} />
                  {passkey.name}
                  {passkey.device_type === 'multiDevice' ? (
                    <Badge $tone="info">{t('passkeys.synced')}</Badge>
                  ) : null}
                </Name>
                <Actions>
                  <Button
                    type="button"
                    $variant="secondary"
                    aria-label={t('passkeys.rename.label', { name: passkey.name })}
                    onClick={() => setRenaming(passkey)}
                  >
                    {t('passkeys.rename')}
                  </Button>
                  <Button
                    type="button"
                    $variant="secondary"
                    aria-label={t('passkeys.remove.label', { name: passkey.name })}
                    onClick={() => setRemoving(passkey)}
                  >
                    {t('passkeys.remove')}
                  </Button>
                </Actions>
              </Row>
              <Meta>
                {t('passkeys.created', { date: formatDate(passkey.created_at) })}
                {' · '}
                {passkey.last_used_at
                  ? t('passkeys.lastUsed', { date: formatDate(passkey.last_used_at, true) })
                  : t('passkeys.neverUsed')}
              </Meta>
            </BorderedListItem>
          ))}
        </BorderedList>
      )}

      {adding ? (
        <PasskeyNameDialog
          open
          passkey={null}
          pending={add.isPending}
          onOpenChange={setAdding}
          onSubmit={addPasskey}
        />
      ) : null}
      {renaming ? (
        <PasskeyNameDialog
          open
          key={renaming.id}
          passkey={renaming}
          pending={rename.isPending}
          onOpenChange={(open) => {
            if (!open) setRenaming(null);
          }}
          onSubmit={renamePasskey}
        />
      ) : null}
      {removing ? (
        <RemovePasskeyDialog
          key={removing.id}
          passkey={removing}
          pending={remove.isPending}
          onOpenChange={(open) => {
            if (!open) setRemoving(null);
          }}
          onProof={async (proof) => {
            const passkey = removing;
            await remove.mutateAsync({ passkey, proof });
            setRemoving(null);
            toast({
              title: t('passkeys.removed'),
              description: t('passkeys.removedText', { name: passkey.name }),
              variant: 'success',
            });
          }}
        />
      ) : null}
    </Section>
  );
}
