import { describe, expect, it } from 'vitest';
import { fileStems } from './geometry';

describe('the names a picture file goes by in exchange files', () => {
  it('reads Label Studio upload and local-files URLs, COCO file names and plain paths', () => {
    expect(fileStems('/data/upload/3/1a2b3c4d-scan_0.png')).toEqual(['1a2b3c4d-scan_0', 'scan_0']);
    expect(fileStems('images/1a2b3c4d-scan_0.png')).toEqual(['1a2b3c4d-scan_0', 'scan_0']);
    expect(fileStems('/data/local-files/?d=scans/%E5%9B%BE%201.png')).toEqual(['图 1']);
    expect(fileStems('/data/local-files/?d=a%2Fb%2Fc+d.jpg&x=1')).toEqual(['c+d']);
    expect(fileStems('C:\\pictures\\100%.png')).toEqual(['100%']);
    expect(fileStems('https://host/vrp/b-images/q%2012.png')).toEqual(['q 12']);
  });

  it('offers a name that only looks like an upload as written too, so a file really called so still matches', () => {
    expect(fileStems('deadbeef-x.png')).toEqual(['deadbeef-x', 'x']);
    expect(fileStems('DEADBEEF-x.png')).toEqual(['DEADBEEF-x']);
  });
});
