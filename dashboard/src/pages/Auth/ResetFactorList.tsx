import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { sessionApi, unwrap } from '../../api/client';
import type { components } from '../../api/schema';
import { useFormatDate } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { Badge } from '../../ui/Badge';
import { BorderedList, BorderedListItem } from '../../ui/BorderedList';

type Factor = components['schemas']['SecondFactorSummary'];

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  h2 {
    margin: 0;
    font-size: 1rem;
  }
  p {
    margin: 0;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  overflow-wrap: anywhere;
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

/**
 * The second factors of the account a reset link belongs to (POST /password-reset/check), shown
 * before the new password is set: a passkey or authenticator app a stolen session added during
 * the last 24 hours is removed by the reset unless the person ticks "keep" (issue #37).
 */
export function ResetFactorList({
  token,
  keep,
  onKeepChange,
}: {
  token: string;
  keep: string[];
  onKeepChange: (ids: string[]) => void;
}) {
  const t = useT();
  const formatDate = useFormatDate();
  const check = useQuery({
    queryKey: ['password-reset-check', token],
    queryFn: async () => unwrap(await sessionApi.POST('/api/v1/password-reset/check', { body: { token } })),
    retry: false,
  });
  // An unusable link is said by the reset itself; the list simply stays away.
  if (!check.data) return null;
  const factors = check.data.factors;
  const toggle = (id: string, kept: boolean) =>
    onKeepChange(kept ? [...keep, id] : keep.filter((entry) => entry !== id));

  return (
    <Section aria-labelledby="reset-factors-title">
      <h2 id="reset-factors-title">{t('auth.reset.factors.title')}</h2>
      {factors.length === 0 ? (
        <p>{t('auth.reset.factors.none')}</p>
      ) : (
        <>
          <p>{t('auth.reset.factors.text')}</p>
          <BorderedList>
            {factors.map((factor: Factor) => (
              <BorderedListItem key={factor.id}>
                <Row>
                  <strong>
                    {factor.type === 'totp'
                      ? t('auth.reset.factors.totp')
                      : t('auth.reset.factors.passkey', { name: factor.name })}
                  </strong>
                  {factor.recent ? <Badge $tone="warning">{t('auth.reset.factors.recent')}</Badge> : null}
                </Row>
                <span>{t('auth.reset.factors.added', { date: formatDate(factor.added_at, true) })}</span>
                {factor.recent ? (
                  <Check>
                    <input
                      type="checkbox"
                      checked={keep.includes(factor.id)}
                      onChange={(event) => toggle(factor.id, event.target.checked)}
                    />
                    {t('auth.reset.factors.keep')}
                  </Check>
                ) : null}
              </BorderedListItem>
            ))}
          </BorderedList>
        </>
      )}
    </Section>
  );
}
