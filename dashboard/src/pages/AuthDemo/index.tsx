import { Globe2, KeyRound, Languages, MailCheck, Palette, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { Snippet } from './Snippet';
import { useT } from '../../i18n/useT';
import { useUiStore } from '../../stores/ui';
import { FEATURES, snippets } from './texts';

const WIDGET_SCRIPT = '/cdn/widget/iam-auth-widget.min.js';
const APPLICATION_ID = /^[0-9a-f]{24}$/i;
/** SPEC §2: the JWT preview shows the token's first 50 characters. */
const PREVIEW_LENGTH = 50;

const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(8)};
  max-width: 1100px;
  margin: 0 auto;
  h1 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: 1.75rem;
  }
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    font-size: 1.25rem;
  }
  p {
    margin: 0;
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Live = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(6)};
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Stack = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
`;

const Token = styled.code`
  display: block;
  overflow-wrap: anywhere;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: #0f172a;
  color: #e2e8f0;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 0.85rem;
`;

const Features = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 240px), 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  padding: 0;
  list-style: none;
  h3 {
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
    align-items: center;
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: 1rem;
  }
  svg {
    color: ${({ theme }) => theme.colors.primary};
    flex: none;
  }
`;

const FEATURE_ICONS = [KeyRound, MailCheck, Languages, Palette, ShieldCheck, Globe2];

interface WidgetElement extends HTMLElement {
  getSession?(): { token: string } | null;
}

/** Loads the standalone widget from this server's /cdn/, as an integrating site does. */
function useWidgetScript(): void {
  useEffect(() => {
    if (customElements.get('iam-auth-dialog') || document.querySelector(`script[src="${WIDGET_SCRIPT}"]`))
      return;
    const script = document.createElement('script');
    script.src = WIDGET_SCRIPT;
    script.async = true;
    document.head.append(script);
  }, []);
}

/** <iam-auth-dialog> for `applicationId` against this server; reports the signed-in token. */
function LiveDialog({
  applicationId,
  onToken,
}: {
  applicationId: string;
  onToken(token: string | null): void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const locale = useUiStore((state) => state.locale);
  const dialogElement = useRef<WidgetElement | null>(null);
  // The dialog speaks the dashboard's language and follows the language switch.
  useEffect(() => {
    dialogElement.current?.setAttribute('locale', locale);
  }, [locale]);
  useEffect(() => {
    const element = document.createElement('iam-auth-dialog') as WidgetElement;
    element.setAttribute('application-id', applicationId);
    element.setAttribute('api-url', window.location.origin);
    element.setAttribute('locale', useUiStore.getState().locale);
    const fromSession = () => onToken(element.getSession?.()?.token ?? null);
    const signedIn = (event: Event) => onToken((event as CustomEvent<{ token: string }>).detail.token);
    const signedOut = () => onToken(null);
    element.addEventListener('iam-auth-ready', fromSession);
    element.addEventListener('iam-auth-success', signedIn);
    element.addEventListener('iam-auth-signout', signedOut);
    host.current?.append(element);
    dialogElement.current = element;
    return () => {
      element.remove();
      onToken(null);
    };
  }, [applicationId, onToken]);
  return <div ref={host} />;
}

/** /auth-demo (SPEC §2): try the embeddable auth dialog with an application ID, and how to embed it. */
export default function AuthDemo() {
  useWidgetScript();
  const t = useT();
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState(params.get('applicationId') ?? '');
  const [token, setToken] = useState<string | null>(null);
  const applicationId = typed.trim();
  const valid = APPLICATION_ID.test(applicationId);
  const origin = window.location.origin;
  const shownId = applicationId || 'YOUR_APPLICATION_ID';

  return (
    <Page>
      <header>
        <h1>{t('authDemo.title')}</h1>
        <Muted>{t('authDemo.intro')}</Muted>
      </header>

      <Live>
        <Stack as="section" aria-labelledby="demo-setup">
          <h2 id="demo-setup">{t('authDemo.setupTitle')}</h2>
          <TextField
            label={t('authDemo.idLabel')}
            value={typed}
            placeholder="65f0c0ffee0000000000abcd"
            spellCheck={false}
            autoComplete="off"
            aria-describedby="application-id-hint"
            aria-invalid={applicationId !== '' && !valid}
            onChange={(event) => {
              setTyped(event.target.value);
              const next = event.target.value.trim();
              setParams(next ? { applicationId: next } : {}, { replace: true });
            }}
          />
          <Muted id="application-id-hint">
            {applicationId && !valid ? t('authDemo.idInvalid') : t('authDemo.idHint')}
          </Muted>
          <Muted data-testid="pool-note">{t('authDemo.poolNote')}</Muted>
          <section aria-labelledby="jwt-preview" aria-live="polite">
            <h2 id="jwt-preview">{t('authDemo.tokenTitle')}</h2>
            {token ? (
              <Token data-testid="jwt-preview">{`${token.slice(0, PREVIEW_LENGTH)}…`}</Token>
            ) : (
              <Muted>{t('authDemo.tokenEmpty')}</Muted>
            )}
          </section>
        </Stack>
        <section aria-label={t('authDemo.dialogLabel')}>
          {valid ? (
            <LiveDialog key={applicationId} applicationId={applicationId} onToken={setToken} />
          ) : (
            <Card>
              <Muted>{t('authDemo.dialogWaiting')}</Muted>
            </Card>
          )}
        </section>
      </Live>

      <section aria-labelledby="guide">
        <h2 id="guide">{t('authDemo.guideTitle')}</h2>
        <Muted>{t('authDemo.guideIntro')}</Muted>
        {snippets(t, origin, shownId).map((snippet) => (
          <Snippet key={snippet.title} {...snippet} />
        ))}
      </section>

      <section aria-labelledby="features">
        <h2 id="features">{t('authDemo.featuresTitle')}</h2>
        <Features>
          {FEATURES.map((number, index) => {
            const Icon = FEATURE_ICONS[index]!;
            const feature = {
              title: t(`authDemo.feature${number}.title`),
              text: t(`authDemo.feature${number}.text`),
            };
            return (
              <Card as="li" key={feature.title}>
                <h3>
                  <Icon aria-hidden="true" size={20} />
                  {feature.title}
                </h3>
                <Muted>{feature.text}</Muted>
              </Card>
            );
          })}
        </Features>
      </section>
    </Page>
  );
}
