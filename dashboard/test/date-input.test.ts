import { expect } from 'chai';
import { parseDateInput } from '../src/i18n/dateInput';

describe('typed dates (TT.MM.JJJJ)', () => {
  it('reads German dates, with or without a 24-hour time', () => {
    expect(parseDateInput('31.12.2026')).to.deep.equal(new Date(2026, 11, 31, 23, 59, 59));
    expect(parseDateInput(' 1.2.2027 ')).to.deep.equal(new Date(2027, 1, 1, 23, 59, 59));
    expect(parseDateInput('31.12.2026 14:30')).to.deep.equal(new Date(2026, 11, 31, 14, 30));
    expect(parseDateInput('31.12.2026, 08:05')).to.deep.equal(new Date(2026, 11, 31, 8, 5));
  });

  it('also takes the English UI’s day-first form and ISO dates', () => {
    expect(parseDateInput('31/12/2026')).to.deep.equal(new Date(2026, 11, 31, 23, 59, 59));
    expect(parseDateInput('2026-12-31')).to.deep.equal(new Date(2026, 11, 31, 23, 59, 59));
    expect(parseDateInput('2026-12-31T14:30')).to.deep.equal(new Date(2026, 11, 31, 14, 30));
  });

  it('is empty for an empty field', () => {
    expect(parseDateInput('')).to.equal(null);
    expect(parseDateInput('   ')).to.equal(null);
  });

  it('refuses dates and times that do not exist, and other orders', () => {
    for (const text of [
      '31.02.2026',
      '29.02.2027',
      '32.01.2026',
      '01.13.2026',
      '31.12.2026 24:00',
      '31.12.2026 12:60',
    ]) {
      expect(parseDateInput(text), text).to.equal('invalid');
    }
    for (const text of ['12/31/2026', '2026-31-12', '31.12.26', 'morgen', '31.12.2026 2pm']) {
      expect(parseDateInput(text), text).to.equal('invalid');
    }
    expect(parseDateInput('29.02.2028')).to.deep.equal(new Date(2028, 1, 29, 23, 59, 59));
  });
});
