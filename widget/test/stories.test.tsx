import { composeStories } from '@storybook/react-vite';
import { cleanup, render } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'chai';
import * as stories from '../src/AuthDialog.stories';

/**
 * Storybook's interaction tests, in CI: every widget story renders, and its play function (the
 * flow a person goes through, with its assertions) passes against the component.
 */
describe('AuthDialog stories (play functions)', () => {
  afterEach(cleanup);
  const composed = Object.entries(composeStories(stories));

  it('has a story for every state the issue names', () => {
    expect(composed.map(([name]) => name)).to.include.members([
      'Login',
      'Loading',
      'WrongCredentials',
      'UnconfirmedEmail',
      'LockedAccount',
      'RateLimited',
      'NetworkDown',
      'OriginNotAllowed',
      'ConfirmationPending',
      'SignedIn',
      'Register',
      'ForgotPassword',
      'Dark',
      'German',
      'Mobile',
      'TwoFactorCode',
      'TwoFactorWrongCode',
      'TwoFactorRecoveryCode',
      'TwoFactorPasskey',
    ]);
  });

  for (const [name, Story] of composed) {
    it(name, async () => {
      const { container } = render(<Story />);
      await Story.play?.({ canvasElement: container } as never);
      expect(container.querySelector('[data-widget-host] h2')).to.exist;
    });
  }
});

/**
 * The dashboard's shared components (ui/) have stories too (rendered by Storybook with the preview's
 * theme); here they are counted from their files. At least 30 stories in all, covering the kinds
 * the issue lists.
 */
describe('dashboard UI stories', () => {
  const folder = new URL('../../dashboard/src/ui/', import.meta.url);
  const files = readdirSync(folder).filter((file) => file.endsWith('.stories.tsx'));

  it('cover buttons, inputs, dialogs, tabs, toasts, cards, empty states and badges: at least 30 stories in all', () => {
    const names = files.map((file) => file.replace('.stories.tsx', ''));
    expect(names).to.include.members([
      'Button',
      'Field',
      'Dialog',
      'Tabs',
      'Toast',
      'Card',
      'EmptyState',
      'Badge',
    ]);
    const exported = files.flatMap((file) =>
      [...readFileSync(new URL(file, folder), 'utf8').matchAll(/^export const (\w+)/gm)].map(
        (match) => match[1],
      ),
    );
    expect(exported.length + Object.keys(composeStories(stories)).length).to.be.at.least(30);
  });
});
