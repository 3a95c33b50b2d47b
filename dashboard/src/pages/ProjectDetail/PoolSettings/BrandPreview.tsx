import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';
import { useT } from '../../../i18n/useT';
import { Hint } from './fields';
import { normalizedHex } from './settingsForm';

const Frame = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
`;

const Page = styled.figure`
  margin: 0;
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.background};
  text-align: center;
  min-width: 0;
  img {
    max-width: 160px;
    max-height: 56px;
    object-fit: contain;
  }
  figcaption {
    font-size: 0.8rem;
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  strong {
    font-size: 1.1rem;
    overflow-wrap: anywhere;
  }
`;

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
function textColorOn(hex: string): string {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.179 ? '#0f172a' : '#ffffff';
}

const FakeButton = styled.span<{ $color: string }>`
  display: block;
  width: min(100%, 240px);
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ $color }) => $color};
  color: ${({ $color }) => textColorOn($color)};
  font-weight: 600;
`;

const FakeInput = styled.span`
  display: block;
  width: min(100%, 240px);
  height: 36px;
  border: 1px solid #94a3b8;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
`;

const LogoProblem = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The logo as the hosted pages show it; says so when the address gives no image. */
function Logo({ url }: { url: string }) {
  const t = useT();
  const [failed, setFailed] = useState<string | null>(null);
  if (!/^https:\/\//i.test(url)) return null;
  if (failed === url)
    return (
      <LogoProblem role="status">
        <ImageOff aria-hidden="true" size={16} />
        {t('poolSettings.preview.logoFailed')}
      </LogoProblem>
    );
  return <img src={url} alt={t('poolSettings.preview.logoAlt')} onError={() => setFailed(url)} />;
}

/** How the hosted sign-in page looks with the branding as typed (before it is saved). */
export function BrandPreview({
  displayName,
  logoUrl,
  primaryColor,
}: {
  displayName: string;
  logoUrl: string;
  primaryColor: string;
}) {
  const t = useT();
  const color = normalizedHex(primaryColor) ?? '#4f46e5';
  return (
    <Frame>
      <Page>
        <figcaption>{t('poolSettings.preview.label')}</figcaption>
        <Logo url={logoUrl.trim()} />
        <strong>{displayName.trim() || t('poolSettings.preview.noName')}</strong>
        <FakeInput aria-hidden="true" />
        <FakeInput aria-hidden="true" />
        <FakeButton $color={color}>{t('poolSettings.preview.signIn')}</FakeButton>
      </Page>
      <Hint>{t('poolSettings.preview.hint')}</Hint>
    </Frame>
  );
}
