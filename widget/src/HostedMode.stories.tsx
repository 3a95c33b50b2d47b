import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useRef, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { defineAuthDialogElement } from './element';
import { browser } from './hosted';

interface HostedArgs {
  locale: 'en' | 'de';
  theme: 'light' | 'dark';
  /** Empty: the attribute is left out (the element reports project_id_required). */
  projectId: string;
}

/**
 * `<iam-auth-dialog hosted>` as a partner page shows it. The story does not leave the page: where
 * the button would send the browser (the hosted sign-in page, with the PKCE challenge) is shown
 * below the element instead.
 */
function HostedDemo({ locale, theme, projectId }: HostedArgs) {
  const host = useRef<HTMLDivElement>(null);
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    defineAuthDialogElement();
    const assign = browser.assign;
    browser.assign = setTarget;
    const element = document.createElement('iam-auth-dialog');
    const attributes: Record<string, string> = {
      hosted: '',
      'application-id': '65f0000000000000000000aa',
      'api-url': 'https://iam.example.com',
      locale,
      theme,
      ...(projectId ? { 'project-id': projectId } : {}),
    };
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    host.current!.append(element);
    return () => {
      element.remove();
      browser.assign = assign;
    };
  }, [locale, theme, projectId]);
  return (
    <div>
      <div ref={host} data-hosted-host="" />
      {target ? (
        <p data-testid="target" style={{ wordBreak: 'break-all', fontSize: 12 }}>
          {target}
        </p>
      ) : null}
    </div>
  );
}

const meta: Meta<typeof HostedDemo> = {
  title: 'Widget/Hosted mode',
  component: HostedDemo,
  args: { locale: 'en', theme: 'light', projectId: '65f0000000000000000000cc' },
  argTypes: {
    locale: { control: 'inline-radio', options: ['en', 'de'] },
    theme: { control: 'inline-radio', options: ['light', 'dark'] },
  },
};

export default meta;
type Story = StoryObj<typeof HostedDemo>;

/** The element's shadow root, once it has rendered its buttons. */
const element = (canvasElement: HTMLElement) =>
  waitFor(() => {
    const root = canvasElement.querySelector('iam-auth-dialog')?.shadowRoot?.querySelector('div');
    if (!root?.querySelector('button')) throw new Error('element not rendered yet');
    return within(root as HTMLElement);
  });

export const SignedOut: Story = {
  play: async ({ canvasElement }) => {
    const view = await element(canvasElement);
    await userEvent.click(view.getByRole('button', { name: 'Sign in' }));
    const target = await within(canvasElement).findByTestId('target');
    await expect(target.textContent).toContain('https://iam.example.com/p/65f0000000000000000000cc/sign-in?');
    await expect(target.textContent).toContain('code_challenge_method=S256');
  },
};

export const German: Story = {
  args: { locale: 'de', theme: 'dark' },
  play: async ({ canvasElement }) => {
    const view = await element(canvasElement);
    await userEvent.click(view.getByRole('button', { name: 'Registrieren' }));
    const target = await within(canvasElement).findByTestId('target');
    await expect(target.textContent).toContain('/sign-up?');
  },
};

export const MissingProjectId: Story = {
  args: { projectId: '' },
  play: async ({ canvasElement }) => {
    const view = await element(canvasElement);
    await userEvent.click(view.getByRole('button', { name: 'Sign in' }));
    await expect((await view.findByRole('alert')).textContent).toContain('project-id');
  },
};
