import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'chai';
import { AuthDialog } from '../src/AuthDialog';
import { defineAuthDialogElement } from '../src/element';

describe('AuthDialog', () => {
  afterEach(cleanup);

  const type = (label: RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('asks for e-mail and password before sending anything', async () => {
    render(<AuthDialog applicationId="app" apiEndpoint="http://127.0.0.1:9/api/auth" />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).to.equal('Email and password are required');
  });

  it('rejects short and mismatching passwords on registration', async () => {
    render(
      <AuthDialog applicationId="app" apiEndpoint="http://127.0.0.1:9/api/auth" initialMode="register" />,
    );
    type(/^Email/, 'ada@example.com');
    type(/^Password/, '12345');
    type(/^Confirm password/, '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect((await screen.findByRole('alert')).textContent).to.equal(
      'Password must be at least 6 characters long',
    );

    type(/^Password/, '123456');
    type(/^Confirm password/, '1234567');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect((await screen.findByRole('alert')).textContent).to.equal('Passwords do not match');
  });

  it('clears the fields when switching between login and register', () => {
    render(<AuthDialog applicationId="app" apiEndpoint="/api/auth" />);
    type(/^Email/, 'ada@example.com');
    fireEvent.click(screen.getByRole('tab', { name: 'Register' }));
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).to.equal('');
    expect(screen.getByLabelText(/^Confirm password/)).to.exist;
    expect(screen.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).to.equal('true');
  });

  it('registers <iam-auth-dialog> with its styles inside the shadow root', async () => {
    defineAuthDialogElement();
    defineAuthDialogElement(); // a second call must not throw
    const element = document.createElement('iam-auth-dialog');
    element.setAttribute('application-id', 'app');
    element.setAttribute('mode', 'register');
    await act(async () => {
      document.body.append(element);
    });
    const shadow = element.shadowRoot!;
    expect(shadow.querySelector('style')!.textContent).to.contain('.iam-dialog');
    expect(shadow.querySelector('h2')!.textContent).to.equal('Create account');
    expect(document.querySelector('style')).to.equal(null);
    await act(async () => {
      element.remove();
    });
  });
});
