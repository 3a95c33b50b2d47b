import { Download, ExternalLink, FileCode2, Mail } from 'lucide-react';
import styled from 'styled-components';
import { ButtonLink, ButtonRouterLink } from '../../ui/Button';
import { Markdown } from './Markdown';
import { DocsSection, LinkRow, Muted } from './styles';

/** What the SDK section offers; the files come from the sdk build (`/cdn/sdk/`). */
export const SDK_DOWNLOADS = [
  {
    file: 'iam-sdk.min.js',
    title: 'JavaScript SDK — script tag',
    text: 'One file for <script src>, defines window.IamSdk.',
  },
  { file: 'index.js', title: 'JavaScript SDK — ES module', text: 'import { init, track } from …' },
  { file: 'iam_sdk.py', title: 'Python client', text: 'One file, standard library only, Python 3.9+.' },
] as const;

export function SdkSection() {
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
      <h2 id="sdks-title">SDKs</h2>
      <Features>
        <li>Installations, anonymous users and sessions, with ids kept on the device</li>
        <li>Page views (automatic), custom events and activity-log entries, batched with retries</li>
        <li>Auth client for your application’s users: login, register, verify, permissions, token refresh</li>
        <li>Opt-out and Do Not Track; never throws into your page</li>
        <li>Python: the same events from backends, scripts and workers</li>
      </Features>
      <Downloads>
        {SDK_DOWNLOADS.map((download) => (
          <li key={download.file}>
            <FileCode2 aria-hidden="true" size={20} />
            <div>
              <strong>{download.title}</strong>
              <Muted>{download.text}</Muted>
            </div>
            <ButtonLink href={`/cdn/sdk/${download.file}`} download={download.file} $variant="secondary">
              <Download aria-hidden="true" size={16} /> {download.file}
            </ButtonLink>
          </li>
        ))}
      </Downloads>
      <h3>Browser</h3>
      <Markdown source={browser} />
      <h3>Python</h3>
      <Markdown source={python} />
      <p>
        Every call: the <a href="#sdk-reference">SDK reference</a>; options and behaviour: the{' '}
        <a href="#sdk">JavaScript SDK</a> and <a href="#python-sdk">Python client</a> guides.
      </p>
    </DocsSection>
  );
}

export function EmailSection() {
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
      <h2 id="email-system-title">E-mail system</h2>
      <p>
        Each application has system templates (confirmation, password reset, invitation, welcome) and your
        own, in German and English, with <code>{'{{variables}}'}</code>, a preview and a test send. Send them
        from your backend with an API token (<code>write</code> scope):
      </p>
      <Markdown source={send} />
      <LinkRow>
        <ButtonRouterLink to="/email-templates" $variant="secondary">
          <Mail aria-hidden="true" size={16} /> Manage e-mail templates
        </ButtonRouterLink>
        <ButtonLink href="#email-templates" $variant="secondary">
          Templates and sending guide
        </ButtonLink>
      </LinkRow>
    </DocsSection>
  );
}

export const INTEGRATION_GUIDE_URL = '/api/v1/assistant/integration-guide';

export function AiIntegrationSection() {
  return (
    <DocsSection id="ai-integration" aria-labelledby="ai-integration-title">
      <h2 id="ai-integration-title">AI integration guide</h2>
      <p>
        A Markdown file to give your AI coding assistant: how to integrate this platform — base URLs,
        authentication, errors, and every endpoint and SDK call of this server. It is generated from the
        OpenAPI document and the SDK sources each time the server starts, so it always matches what runs here.
      </p>
      <LinkRow>
        <ButtonLink href={`${INTEGRATION_GUIDE_URL}?download=1`} download="iam-platform-ai-integration.md">
          <Download aria-hidden="true" size={16} /> Download iam-platform-ai-integration.md
        </ButtonLink>
        <ButtonLink href={INTEGRATION_GUIDE_URL} target="_blank" rel="noopener" $variant="secondary">
          <ExternalLink aria-hidden="true" size={16} /> Open
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
