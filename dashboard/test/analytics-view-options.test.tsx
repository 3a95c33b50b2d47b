import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { useLocation } from 'react-router';
import { PeriodField, UnitField, ViewOptions } from '../src/pages/Analytics/product/ViewOptions';
import { renderWithProviders } from './render';

/** Shows where the options put their values, as a user sees it in the address bar. */
function Location() {
  return <output data-testid="location">{useLocation().search}</output>;
}

/**
 * The options of the retention, stickiness and lifecycle views: a search form named as given,
 * whose period and unit choices go into the address — the defaults (week, users) leave it.
 */
describe('product analytics view options', () => {
  afterEach(cleanup);

  it('puts the chosen period and unit into the address and leaves the defaults out', async () => {
    const clicker = userEvent.setup();
    renderWithProviders(
      <>
        <ViewOptions label="Optionen">
          <PeriodField value="week" />
          <UnitField value="users" />
        </ViewOptions>
        <Location />
      </>,
      { route: '/analytics/lifecycle?app=b1' },
    );
    expect(screen.getByRole('search', { name: 'Optionen' })).to.exist;
    const period = screen.getByLabelText('Periode');
    expect([...(period as HTMLSelectElement).options].map((option) => option.text)).to.deep.equal([
      'Tag',
      'Woche',
      'Monat',
    ]);
    await clicker.selectOptions(period, 'month');
    await clicker.selectOptions(screen.getByLabelText('Zählen nach'), 'installations');
    expect(screen.getByTestId('location').textContent).to.equal('?app=b1&period=month&unit=installations');

    await clicker.selectOptions(period, 'week');
    await clicker.selectOptions(screen.getByLabelText('Zählen nach'), 'users');
    expect(screen.getByTestId('location').textContent).to.equal('?app=b1');
  });
});
