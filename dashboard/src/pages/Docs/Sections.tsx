import { Download, ExternalLink, FileCode2, Mail } from 'lucide-react';
import styled from 'styled-components';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { ButtonLink, ButtonRouterLink } from '../../ui/Button';
import { Markdown } from './Markdown';
import { DocsSection, LinkRow, Muted } from './styles';

/** What the SDK section offers; the files come from the sdk build (`/cdn/sdk/`). */
export const SDK_DOWNLOADS: readonly { file: string; title: MessageKey; text: MessageKey }[] = [
  { file: 'iam-sdk.min.js', title: 'docs.sdk.scriptTitle', text: 'docs.sdk.scriptText' },
  { file: 'index.js', title: 'docs.sdk.moduleTitle', text: 'docs.sdk.moduleText' },
  { file: 'iam_sdk.py', title: 'docs.sdk.pythonTitle', text: 'docs.sdk.pythonText' },
];

const SDK_FEATURES = [
  'docs.sdk.feature1',
  'docs.sdk.feature2',
  'docs.sdk.feature3',
  'docs.sdk.feature4',
  'docs.sdk.feature5',
] as const;

export function SdkSection() {
  const t = useT();
  const origin = location.origin;
  const browser = [
    '```html',
    `<script src="${origin}/cdn/sdk/iam-sdk.min.js"></script>`,
    '<script>',
    `  IamSdk.init({ applicationId: 'YOUR_APPLICATION_ID', apiUrl: '${origin}' });`,
    "  IamSdk.track('signup_started', { plan: 'pro' }); // page views are tracked by themselves",
    '</script>',
    '```',
  ].join('\n');
  const python = [
    '```python',
    'from iam_sdk import IamClient',
    '',
    `iam = IamClient("YOUR_APPLICATION_ID", "${origin}")`,
    'iam.register_installation()',
    'iam.track("report_exported", {"format": "csv"})',
    '```',
  ].join('\n');
  return (
    <DocsSection id="sdks" aria-labelledby="sdks-title">
      <h2 id="sdks-title">{t('docs.section.sdks')}</h2>
      <Features>
        {SDK_FEATURES.map((feature) => (
          <li key={feature}>{t(feature)}</li>
        ))}
      </Features>
      <Downloads>
        {SDK_DOWNLOADS.map((download) => (
          <li key={download.file}>
            <FileCode2 aria-hidden="true" size={20} />
            <div>
              <strong>{t(download.title)}</strong>
              <Muted>{t(download.text)}</Muted>
            </div>
            <ButtonLink href={`/cdn/sdk/${download.file}`} download={download.file} $variant="secondary">
              <Download aria-hidden="true" size={16} /> {download.file}
            </ButtonLink>
          </li>
        ))}
      </Downloads>
      <h3>{t('docs.sdk.browser')}</h3>
      <Markdown source={browser} />
      <h3>{t('docs.sdk.python')}</h3>
      <Markdown source={python} />
      <p>
        {t('docs.sdk.more1')} <a href="#sdk-reference">{t('docs.sdk.reference')}</a>
        {t('docs.sdk.more2')} <a href="#sdk">{t('docs.sdk.jsGuide')}</a> {t('docs.sdk.and')}{' '}
        <a href="#python-sdk">{t('docs.sdk.pythonGuide')}</a>.
      </p>
    </DocsSection>
  );
}

export function EmailSection() {
  const t = useT();
  const origin = location.origin;
  const send = [
    '```sh',
    `curl -X POST "${origin}/functions/v1/send-email" \\`,
    '  -H "Authorization: Bearer $API_TOKEN" -H "Content-Type: application/json" \\',
    '  -d \'{"to":"user@example.com","template":"welcome","templateData":{"name":"Ada"},"applicationId":"YOUR_APPLICATION_ID"}\'',
    '```',
  ].join('\n');
  return (
    <DocsSection id="email-system" aria-labelledby="email-system-title">
      <h2 id="email-system-title">{t('docs.section.email')}</h2>
      <p>{t('docs.email.lead')}</p>
      <Markdown source={send} />
      <LinkRow>
        <ButtonRouterLink to="/email-templates" $variant="secondary">
          <Mail aria-hidden="true" size={16} /> {t('docs.email.manage')}
        </ButtonRouterLink>
        <ButtonLink href="#email-templates" $variant="secondary">
          {t('docs.email.guide')}
        </ButtonLink>
      </LinkRow>
    </DocsSection>
  );
}

export const INTEGRATION_GUIDE_URL = '/api/v1/assistant/integration-guide';

export function AiIntegrationSection() {
  const t = useT();
  return (
    <DocsSection id="ai-integration" aria-labelledby="ai-integration-title">
      <h2 id="ai-integration-title">{t('docs.section.ai')}</h2>
      <p>{t('docs.ai.lead')}</p>
      <LinkRow>
        <ButtonLink href={`${INTEGRATION_GUIDE_URL}?download=1`} download="iam-platform-ai-integration.md">
          <Download aria-hidden="true" size={16} /> {t('docs.ai.download')}
        </ButtonLink>
        <ButtonLink href={INTEGRATION_GUIDE_URL} target="_blank" rel="noopener" $variant="secondary">
          <ExternalLink aria-hidden="true" size={16} /> {t('docs.ai.open')}
        </ButtonLink>
      </LinkRow>
    </DocsSection>
  );
}

const Features = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(5)};
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
`;

const Downloads = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space(3)};
    padding: ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surface};
    > div {
      flex: 1 1 200px;
      min-width: 0;
    }
    > svg {
      color: ${({ theme }) => theme.colors.primary};
    }
  }
`;
