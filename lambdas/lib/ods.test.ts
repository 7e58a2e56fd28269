import * as XLSX from 'xlsx';
import { odsSpreadsheet } from './ods';

describe('odsSpreadsheet', () => {
  it('is an OpenDocument a real reader opens: the sheet name, text, amounts with two decimals', () => {
    const bytes = odsSpreadsheet('R68GAD_V1_00_0_EN', [
      ['Label', '01/02/25'],
      [],
      ['Item', 'Name & "quotes" <here>', { amount: '12.50' }],
    ]);
    // The mimetype entry first, stored, naming the type (what ODF readers sniff).
    expect(bytes.subarray(30, 38).toString('ascii')).toBe('mimetype');
    expect(bytes.readUInt16LE(8)).toBe(0);
    expect(bytes.subarray(38, 38 + 46).toString('ascii')).toBe(
      'application/vnd.oasis.opendocument.spreadsheet',
    );
    const book = XLSX.read(bytes, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['R68GAD_V1_00_0_EN']);
    const sheet = book.Sheets.R68GAD_V1_00_0_EN as XLSX.WorkSheet;
    expect(sheet.A1?.v).toBe('Label');
    expect(sheet.B1?.v).toBe('01/02/25');
    expect(sheet.B3?.v).toBe('Name & "quotes" <here>');
    expect(sheet.C3).toMatchObject({ t: 'n', v: 12.5, w: '12.50' });
  });
});
