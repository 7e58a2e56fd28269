import {
  ADDRESS_NOT_AVAILABLE,
  addressLines,
  charitiesFound,
  emailHref,
  formatCount,
  formatDate,
  formatMoney,
  formatText,
  NOT_AVAILABLE,
  parseCalendarDate,
  phoneHref,
  websiteHref,
  websiteLabel,
} from './format';

describe('formatMoney', () => {
  it('shows GBP with no decimals, rounding pence away', () => {
    expect(formatMoney(48250)).toBe('£48,250');
    expect(formatMoney(44872.5)).toBe('£44,873');
    expect(formatMoney(0)).toBe('£0');
    expect(formatMoney(1234567.49)).toBe('£1,234,567');
    expect(formatMoney(-1500)).toBe('-£1,500');
  });

  it('says "Not available" when the figure is missing', () => {
    expect(formatMoney(null)).toBe(NOT_AVAILABLE);
    expect(formatMoney(undefined)).toBe(NOT_AVAILABLE);
    expect(formatMoney(Number.NaN)).toBe(NOT_AVAILABLE);
    expect(NOT_AVAILABLE).toBe('Not available');
  });
});

describe('formatCount', () => {
  it('groups thousands and says "Not available" when missing', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1204)).toBe('1,204');
    expect(formatCount(null)).toBe(NOT_AVAILABLE);
  });
});

describe('formatDate', () => {
  it('formats a register date the en-GB way, without a time-zone shift', () => {
    expect(formatDate('2004-01-10')).toBe('10 January 2004');
    expect(formatDate('1999-12-31')).toBe('31 December 1999');
    expect(formatDate('2026-03-01T00:00:00')).toBe('1 March 2026');
  });

  it('says "Not available" for missing or impossible dates', () => {
    expect(formatDate(null)).toBe(NOT_AVAILABLE);
    expect(formatDate('')).toBe(NOT_AVAILABLE);
    expect(formatDate('2024-02-30')).toBe(NOT_AVAILABLE);
    expect(formatDate('10/01/2004')).toBe(NOT_AVAILABLE);
    expect(parseCalendarDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });
});

describe('formatText', () => {
  it('keeps text and says "Not available" for blank or missing text', () => {
    expect(formatText(' Runs a food larder ')).toBe('Runs a food larder');
    expect(formatText('   ')).toBe(NOT_AVAILABLE);
    expect(formatText(null)).toBe(NOT_AVAILABLE);
  });
});

describe('addressLines', () => {
  const address = {
    line1: '3 Example Street',
    line2: 'Brambleford',
    line3: null,
    line4: ' ',
    line5: null,
    postcode: 'ZZ1 1AA',
  };

  it('lists the lines in order, blanks dropped, postcode last', () => {
    expect(addressLines(address)).toEqual(['3 Example Street', 'Brambleford', 'ZZ1 1AA']);
  });

  it('is empty (so "Address not available") without an address or its first line', () => {
    expect(addressLines(null)).toEqual([]);
    expect(addressLines({ ...address, line1: '  ' })).toEqual([]);
    expect(ADDRESS_NOT_AVAILABLE).toBe('Address not available');
  });
});

describe('links', () => {
  it('makes register websites safe links, adding https where the scheme is missing', () => {
    expect(websiteHref('https://example.org')).toBe('https://example.org/');
    expect(websiteHref('www.example.org/about')).toBe('https://www.example.org/about');
    expect(websiteHref('http://example.org')).toBe('http://example.org/');
    expect(websiteHref('javascript:alert(1)')).toBeNull();
    expect(websiteHref('mailto:a@example.org')).toBeNull();
    expect(websiteHref('not a site')).toBeNull();
    expect(websiteHref('localhost')).toBeNull();
    expect(websiteHref(null)).toBeNull();
    expect(websiteLabel('https://www.example.org/')).toBe('www.example.org');
    expect(websiteLabel('https://example.org/about')).toBe('example.org/about');
  });

  it('links phone numbers and email addresses only when they look like them', () => {
    expect(phoneHref('01632 960121')).toBe('tel:01632960121');
    expect(phoneHref('+44 (0)1632 960121')).toBe('tel:+4401632960121');
    expect(phoneHref('n/a')).toBeNull();
    expect(emailHref('hello@example.org')).toBe('mailto:hello@example.org');
    expect(emailHref('hello at example')).toBeNull();
    expect(emailHref(null)).toBeNull();
  });
});

describe('charitiesFound', () => {
  it('counts in words for the live region', () => {
    expect(charitiesFound(0)).toBe('No charities found');
    expect(charitiesFound(1)).toBe('1 charity found');
    expect(charitiesFound(36)).toBe('36 charities found');
    expect(charitiesFound(150)).toBe('150 charities found');
  });
});
