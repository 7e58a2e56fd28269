import { csvField, csvStream, Figure, pounds } from './csv';

describe('csv', () => {
  it('neutralises cells that a spreadsheet would run, and quotes as RFC 4180 says', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const start of ['+', '-', '@', '\t', '\r'])
      expect(csvField(`${start}1`).includes(`'${start}`)).toBe(true);
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('plain')).toBe('plain');
    expect(csvField(null)).toBe('');
    expect(csvField(new Figure('-1.00'))).toBe('-1.00');
  });

  it('writes pence as pounds with two decimals', () => {
    expect([0, 5, 1234, -5, -1250, 100000].map((p) => pounds(p).text)).toEqual([
      '0.00',
      '0.05',
      '12.34',
      '-0.05',
      '-12.50',
      '1000.00',
    ]);
  });

  it('streams a BOM, the headings and each page with CRLF line ends', async () => {
    async function* pages() {
      yield [['a', pounds(150)]];
      yield [];
      yield [['£ é', null]];
    }
    const chunks: Buffer[] = [];
    for await (const chunk of csvStream(['One', 'Two'], pages())) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toBe('\uFEFFOne,Two\r\na,1.50\r\n£ é,\r\n');
  });
});
