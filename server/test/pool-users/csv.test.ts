import { expect } from 'chai';
import { AppError } from '../../src/lib/errors.js';
import { csvToImportBody, parseCsv } from '../../src/modules/pool-users/index.js';

describe('pool users: the import CSV', () => {
  it('parses RFC 4180: quotes, doubled quotes, commas and line breaks in quotes, CRLF, BOM, blank lines', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\n\n"multi\nline",\n')).to.deep.equal([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['multi\nline', ''],
    ]);
    expect(parseCsv('a,b')).to.deep.equal([['a', 'b']]);
    expect(parseCsv('')).to.deep.equal([]);
    expect(parseCsv('""\n')).to.deep.equal([['']]);
  });

  it('refuses an unterminated quote (invalid_csv)', () => {
    const error = (() => {
      try {
        parseCsv('a\n"open');
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).to.be.instanceOf(AppError);
    expect((error as AppError).code).to.equal('invalid_csv');
  });

  it('turns rows into import rows: empty fields left out, booleans read, field-count problems noted', () => {
    const body = csvToImportBody(
      'Email,EMAIL_VERIFIED,display_name\n a@example.com ,Ja,Anna\nb@example.com,,\nc@example.com,perhaps,C\nd@example.com\n',
    );
    expect(body.users).to.deep.equal([
      { email: 'a@example.com', email_verified: true, display_name: 'Anna' },
      { email: 'b@example.com' },
      { email: 'c@example.com', email_verified: 'perhaps', display_name: 'C' },
      { email: 'd@example.com', _csv_problem: 'The row has 1 field; the header names 3.' },
    ]);
  });

  it('refuses a header without email, with unknown or repeated columns', () => {
    for (const csv of ['display_name\nx', 'email,password\nx,y', 'email,email\nx,y', '']) {
      expect(() => csvToImportBody(csv), csv)
        .to.throw(AppError)
        .with.property('code', 'invalid_csv');
    }
  });
});
