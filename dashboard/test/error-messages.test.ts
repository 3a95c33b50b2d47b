import { expect } from 'chai';
import { API_ERROR_CODES } from '../../server/src/error-catalog';
import { ApiError } from '../src/api/client';
import { describeError } from '../src/api/errors';
import { loadCatalog } from '../src/i18n/catalog';
import { de, type MessageKey } from '../src/i18n/messages';
import { en } from '../src/i18n/messages.en';
import { translate } from '../src/i18n/useT';

/**
 * The server's list of every error code it can answer with (server/src/error-catalog.ts)
 * against the dashboard's catalog: a code without a German or an English text would show the
 * server's English message in the German UI.
 */
describe('error messages for every API error code', () => {
  const keys = API_ERROR_CODES.map((code) => `error.${code}`);

  it('reads the API’s list of codes', () => {
    expect(API_ERROR_CODES).to.include.members(['invalid_credentials', 'slug_taken', 'rate_limited']);
  });

  it('has a German text for every code', () => {
    const missing = keys.filter((key) => !(key in de));
    expect(missing, `add to dashboard/src/i18n/areas/errors.ts: ${missing.join(', ')}`).to.deep.equal([]);
  });

  it('has an English text for every code', () => {
    const missing = keys.filter((key) => !(key in en));
    expect(missing, `add to dashboard/src/i18n/areas/errors.en.ts: ${missing.join(', ')}`).to.deep.equal([]);
  });

  it('shows the catalog text instead of the server’s English message, in both languages', async () => {
    await loadCatalog('en');
    const serverMessage = 'An English message from the server';
    const shownAsServerSent = API_ERROR_CODES.filter((code) =>
      (['de', 'en'] as const).some(
        (locale) =>
          describeError(new ApiError(400, code, serverMessage), (key: MessageKey) =>
            translate(locale, key),
          ) === serverMessage,
      ),
    );
    expect(shownAsServerSent).to.deep.equal([]);
    expect(
      describeError(new ApiError(409, 'slug_taken', 'This slug is already taken.'), (key: MessageKey) =>
        translate('de', key),
      ),
    ).to.equal('Dieser Slug ist bereits vergeben. Bitte wählen Sie einen anderen.');
  });
});
