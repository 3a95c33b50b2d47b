import { useMutation } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { api as dashboardApi, unwrap, type ApiClient } from '../../api/client';
import { describeError } from '../../api/errors';
import { normalizeTotpCode, OneTimeCodeField } from '../../components/auth/OneTimeCodeField';
import { CopyButton } from '../../components/tenancy/CopyButton';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/useToast';

const Steps = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  p {
    margin: 0;
  }
`;

const ScanRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  align-items: flex-start;
`;

const QrImage = styled.img`
  flex: none;
  width: 200px;
  height: 200px;
  padding: ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: #fff;
`;

const Manual = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  flex: 1 1 16rem;
  min-width: 0;
`;

const Secret = styled.code`
  display: block;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.background};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 1rem;
  letter-spacing: 0.05em;
  overflow-wrap: anywhere;
`;

const Details = styled.details`
  font-size: 0.9rem;
  summary {
    cursor: pointer;
    color: ${({ theme }) => theme.colors.primary};
  }
  code {
    display: block;
    margin-top: ${({ theme }) => theme.space(2)};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.8rem;
    overflow-wrap: anywhere;
  }
`;

const ConfirmForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 24rem;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/** The base32 secret in groups of four, as authenticator apps show and accept it. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** The otpauth:// URI as a QR code image (SVG data URL: sharp at any size, no canvas needed). */
function useQrCode(text: string): string | null {
  const [image, setImage] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    let current = true;
    void QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }).then((svg) => {
      if (current) setImage({ text, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
    });
    return () => {
      current = false;
    };
  }, [text]);
  return image?.text === text ? image.url : null;
}

/**
 * Steps 2 and 3 of turning two-factor on: scan the QR code (or type the secret, or open the
 * otpauth link on a phone), then confirm with a current code. `onEnabled` gets the recovery codes.
 */
export function TotpEnrolment({
  enrolment,
  onEnabled,
  onCancel,
  client = dashboardApi,
}: {
  enrolment: { secret: string; otpauth_url: string };
  onEnabled(recoveryCodes: string[]): void;
  onCancel(): void;
  /** The session's API client (the dashboard's unless given). */
  client?: ApiClient;
}) {
  const t = useT();
  const toast = useToast();
  const qrCode = useQrCode(enrolment.otpauth_url);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const confirm = useMutation({
    mutationFn: async (value: string) =>
      unwrap(await client.POST('/api/v1/auth/mfa/totp/confirm', { body: { code: value } })),
    onSuccess: (answer) => {
      toast({
        title: t('security.totp.enabled'),
        description: t('security.totp.enabledText'),
        variant: 'success',
      });
      onEnabled(answer.recovery_codes);
    },
    onError: (failure) => {
      const reason = describeError(failure, t);
      setError(reason);
      setCode('');
      toast({ title: t('security.totp.enableFailed'), description: reason, variant: 'destructive' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeTotpCode(code);
    if (!normalized) {
      setError(t('security.codeRequired'));
      return;
    }
    setError(null);
    confirm.mutate(normalized);
  };

  return (
    <Steps role="group" aria-label={t('security.totp.steps')}>
      <p>{t('security.totp.scan')}</p>
      <ScanRow>
        {qrCode ? (
          <QrImage src={qrCode} alt={t('security.totp.qrAlt')} data-testid="totp-qr" />
        ) : (
          <QrImage as="div" aria-hidden="true" />
        )}
        <Manual>
          <p>{t('security.totp.manual')}</p>
          <Secret data-testid="totp-secret">{groupSecret(enrolment.secret)}</Secret>
          <div>
            <CopyButton value={enrolment.secret} label={t('security.totp.copySecret')} />
          </div>
          <a href={enrolment.otpauth_url}>{t('security.totp.openApp')}</a>
          <Details>
            <summary>{t('security.totp.otpauth')}</summary>
            <code>{enrolment.otpauth_url}</code>
          </Details>
        </Manual>
      </ScanRow>
      <ConfirmForm onSubmit={submit} noValidate aria-label={t('security.totp.enterCode')}>
        <p>{t('security.totp.enterCode')}</p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <OneTimeCodeField
          value={code}
          onValueChange={setCode}
          aria-invalid={error ? true : undefined}
          required
        />
        <Actions>
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? t('security.totp.confirming') : t('security.totp.confirm')}
          </Button>
          <Button type="button" $variant="secondary" onClick={onCancel} disabled={confirm.isPending}>
            {t('common.cancel')}
          </Button>
        </Actions>
      </ConfirmForm>
    </Steps>
  );
}
