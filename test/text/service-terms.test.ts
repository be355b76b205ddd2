import { describe, expect, it } from 'vitest';
import {
  enumReader,
  sameTitle,
  serviceFlag,
  serviceInstant,
  serviceText,
  titleKey,
  wordKey,
} from '../../src/text/service-terms.ts';

describe('enum words in the service terms', () => {
  const status = enumReader(['READY_FOR_UPLOAD', 'UPLOADED', 'NEW'] as const);

  it('reads a word whatever its case or separators', () => {
    expect(status('uploaded')).toBe('UPLOADED');
    expect(status('Uploaded')).toBe('UPLOADED');
    expect(status('ready-for-upload')).toBe('READY_FOR_UPLOAD');
    expect(status('Ready for upload')).toBe('READY_FOR_UPLOAD');
    expect(wordKey(' ready__for-upload ')).toBe('READY_FOR_UPLOAD');
  });

  it('reads no word that the enumeration lacks', () => {
    expect(status('SCHEDULED')).toBeNull();
    expect(status('')).toBeNull();
  });
});

describe('flags in the service terms', () => {
  it('reads booleans, yes/no, true/false and 1/0 whatever their case, and nothing else', () => {
    expect([true, 'yes', 'YES', ' True ', 1, '1'].map(serviceFlag)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([false, 'no', 'No', 'false', 0, '0'].map(serviceFlag)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([null, undefined, '', 'maybe', 2, {}].map(serviceFlag)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('dates as instants whatever their form', () => {
  const at = '2026-11-28T02:00:26.000Z';

  it('reads ISO text with any offset, or none (UTC)', () => {
    expect(serviceInstant(at)).toBe(at);
    expect(serviceInstant('2026-11-28T07:30:26+05:30')).toBe(at);
    expect(serviceInstant('2026-11-28T07:30:26+0530')).toBe(at);
    expect(serviceInstant('2026-11-27T21:00:26-05')).toBe(at);
    expect(serviceInstant('2026-11-28 02:00:26')).toBe(at);
    expect(serviceInstant('2026-11-28T02:00:26')).toBe(at);
    expect(serviceInstant('2026-11-28T02:00:26.000123Z')).toBe(at);
  });

  it('reads epoch seconds, milliseconds and microseconds, as numbers or digits', () => {
    const seconds = Date.parse(at) / 1000;
    expect(serviceInstant(seconds)).toBe(at);
    expect(serviceInstant(String(seconds))).toBe(at);
    expect(serviceInstant(seconds * 1000)).toBe(at);
    expect(serviceInstant(`${seconds * 1000}`)).toBe(at);
    expect(serviceInstant(seconds * 1_000_000)).toBe(at);
    expect(serviceInstant(seconds + 0.5)).toBe('2026-11-28T02:00:26.500Z');
  });

  it('orders two forms of the same moments alike', () => {
    const earlier = serviceInstant(Date.parse(at) / 1000 - 1)!;
    const later = serviceInstant('2026-11-28T03:00:26+01:00')!;
    expect(Date.parse(earlier)).toBeLessThan(Date.parse(later));
  });

  it('gives null for what is no date', () => {
    for (const value of [null, undefined, '', 'soon', true, Number.NaN, {}, '2026-13-45T99:00:00Z'])
      expect(serviceInstant(value)).toBeNull();
  });
});

describe('titles and texts in the service terms', () => {
  it('takes a text kept composed (NFC) for the one written decomposed', () => {
    const decomposed = 'Les re\u0301cifs';
    expect(serviceText(decomposed)).toBe('Les r\u00e9cifs');
    expect(sameTitle(decomposed, 'Les r\u00e9cifs')).toBe(true);
  });

  it('takes a title whose blanks the service made one for the title written', () => {
    expect(titleKey('  Kelp  \t forests ')).toBe('Kelp forests');
    expect(sameTitle('Kelp  forests', 'Kelp forests')).toBe(true);
    expect(sameTitle('Kelp forests', 'Kelp forest')).toBe(false);
  });

  it('keys a title of plain words as the full rule does, whatever blanks surround them', () => {
    const full = (title: string): string => serviceText(title).replace(/\s+/g, ' ');
    const titles = ['Kelp forests: 10 facts', 'Kelp', 'Kelp ', ' Kelp', 'Kelp  forests', 'Kelp\u00a0forests'];
    for (const title of [...titles, 'Kelp\tforests', 'Kelp\nforests', 'Les re\u0301cifs', '~!x y!~'])
      expect(titleKey(title)).toBe(full(title));
  });
});
