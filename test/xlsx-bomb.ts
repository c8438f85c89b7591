import { closeSync, openSync, writeSync } from 'node:fs';
import { Zip, ZipDeflate } from 'fflate';

/**
 * A workbook that is small on disk and huge unzipped: its shared-strings part holds one string of `chars` letters,
 * deflated a megabyte at a time, so neither this process nor the file ever holds it whole (~1 KB on disk per MB).
 * Written as an xlsx would be (content types, workbook, one sheet whose cell A2 uses the string), so a reader that
 * does not measure first goes on to build the string.
 */
export function writeXlsxBomb(path: string, chars: number): void {
  const fd = openSync(path, 'w');
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    writeSync(fd, chunk);
  });
  const part = (name: string, text: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(new TextEncoder().encode(text), true);
  };
  const ns = 'http://schemas.openxmlformats.org';
  part('[Content_Types].xml', `<?xml version="1.0"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`);
  part('_rels/.rels', `<?xml version="1.0"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
  part('xl/workbook.xml', `<?xml version="1.0"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`);
  part('xl/_rels/workbook.xml.rels', `<?xml version="1.0"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${ns}/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`);
  part('xl/worksheets/sheet1.xml', `<?xml version="1.0"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>index</t></is></c><c r="B1" t="inlineStr"><is><t>prediction</t></is></c></row><row r="2"><c r="A2"><v>0</v></c><c r="B2" t="s"><v>0</v></c></row></sheetData></worksheet>`);
  const strings = new ZipDeflate('xl/sharedStrings.xml', { level: 1 });
  zip.add(strings);
  const encoder = new TextEncoder();
  strings.push(encoder.encode(`<?xml version="1.0"?><sst xmlns="${ns}/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>`), false);
  const megabyte = new Uint8Array(1024 * 1024).fill(0x61);
  for (let left = chars; left > 0; left -= megabyte.length) strings.push(left >= megabyte.length ? megabyte : megabyte.subarray(0, left), false);
  strings.push(encoder.encode('</t></si></sst>'), true);
  zip.end();
  closeSync(fd);
}
