import { CheckCircle2, MailOpen, MousePointerClick, LogIn } from 'lucide-react';
import { useLocation } from 'react-router';
import styled from 'styled-components';
import { ResendConfirmationButton, ResendConfirmationForm } from '../../components/auth/ResendConfirmation';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { ButtonRouterLink } from '../../ui/Button';
import { Card } from '../../ui/Card';

/** The support address is deployment-specific: set VITE_SUPPORT_EMAIL at build time. */
const SUPPORT_EMAIL: string | undefined = import.meta.env?.VITE_SUPPORT_EMAIL;

const Panel = styled(Card)`
  max-width: 560px;
  margin: ${({ theme }) => theme.space(4)} auto;
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  h1 {
    margin: 0;
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    font-size: 1.5rem;
    svg {
      color: ${({ theme }) => theme.colors.success};
      flex: none;
    }
  }
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: 1.1rem;
  }
  p {
    margin: 0;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space(4)};
  }
`;

const Steps = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    gap: ${({ theme }) => theme.space(3)};
    align-items: center;
  }
  svg {
    flex: none;
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;

const Resend = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  justify-items: start;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

/** /email-confirmation (SPEC §2): shown after registration until the user confirms the address. */
export default function EmailConfirmation() {
  const t = useT();
  const email = (useLocation().state as { email?: string } | null)?.email;
  return (
    <Panel>
      <h1>
        <CheckCircle2 aria-hidden="true" size={28} />
        {t('confirmation.title')}
      </h1>
      <Alert tone="success">
        {t('confirmation.notice')} {email ? t('confirmation.sentTo', { email }) : null}
      </Alert>
      <section aria-labelledby="next-steps">
        <h2 id="next-steps">{t('confirmation.stepsTitle')}</h2>
        <Steps>
          <li>
            <MailOpen aria-hidden="true" size={20} />
            {t('confirmation.step1')}
          </li>
          <li>
            <MousePointerClick aria-hidden="true" size={20} />
            {t('confirmation.step2')}
          </li>
          <li>
            <LogIn aria-hidden="true" size={20} />
            {t('confirmation.step3')}
          </li>
        </Steps>
      </section>
      <Resend aria-labelledby="resend-title">
        <Hint id="resend-title">{t('confirmation.spam')}</Hint>
        {email ? <ResendConfirmationButton email={email} /> : <ResendConfirmationForm />}
      </Resend>
      <Actions>
        <ButtonRouterLink to="/auth">{t('confirmation.toLogin')}</ButtonRouterLink>
        <ButtonRouterLink to="/" $variant="secondary">
          {t('confirmation.toHome')}
        </ButtonRouterLink>
      </Actions>
      <Hint>
        {SUPPORT_EMAIL ? (
          <>
            {t('confirmation.support')} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </>
        ) : (
          t('confirmation.supportFallback')
        )}
      </Hint>
    </Panel>
  );
}
