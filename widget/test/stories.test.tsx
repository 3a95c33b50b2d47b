import { composeStories } from '@storybook/react-vite';
import { cleanup, render } from '@testing-library/react';
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
