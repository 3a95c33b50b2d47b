import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { sessionApi, unwrap } from '../../api/client';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { useToast } from '../../ui/useToast';
import { Form, TextButton } from './Form';
import { useAuthFailure } from './useAuthFailure';

/** "Passwort vergessen?": asks for the e-mail address and sends the reset link (SPEC §2, §4). */
export function ForgotPasswordDialog({ initialEmail }: { initialEmail: string }) {
  const t = useT();
  const toast = useToast();
  const fail = useAuthFailure('auth.resetFailed');
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [missingEmail, setMissingEmail] = useState(false);

  const sendLink = useMutation({
    mutationFn: async (address: string) =>
      unwrap(
        await sessionApi.POST('/api/v1/password-reset', { body: { action: 'generate', email: address } }),
      ),
    onSuccess: () => {
      toast({ title: t('auth.forgot.sent'), description: t('auth.forgot.sentText'), variant: 'success' });
      setOpen(false);
    },
    onError: fail,
  });

  const openDialog = (next: boolean) => {
    if (next) setEmail(initialEmail);
    setMissingEmail(false);
    setOpen(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    setMissingEmail(!address);
    if (!address) {
      toast({
        title: t('auth.emailRequired'),
        description: t('auth.emailRequiredText'),
        variant: 'destructive',
      });
      return;
    }
    sendLink.mutate(address);
  };

  return (
    <Dialog
      trigger={<TextButton type="button">{t('auth.forgot')}</TextButton>}
      open={open}
      onOpenChange={openDialog}
      title={t('auth.forgot.title')}
      description={t('auth.forgot.text')}
      closeLabel={t('common.close')}
    >
      <Form onSubmit={submit} noValidate>
        {missingEmail ? <Alert tone="error">{t('auth.emailRequiredText')}</Alert> : null}
        <TextField
          label={t('auth.email')}
          type="email"
          name="reset-email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" $block disabled={sendLink.isPending}>
          {sendLink.isPending ? t('auth.forgot.sending') : t('auth.forgot.submit')}
        </Button>
      </Form>
    </Dialog>
  );
}
