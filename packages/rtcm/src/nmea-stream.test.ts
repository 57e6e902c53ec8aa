import { describe, expect, it } from 'vitest';
import { extractNmeaSentences, forEachNmeaSentence } from './nmea-stream';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const text = (data: Uint8Array): string => new TextDecoder().decode(data);
const GGA = '$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47';

/** What a caster does per socket read: prepend the last rest, extract, keep the new rest. */
function readAll(chunks: Uint8Array[], maxLineLength?: number): string[] {
  const sentences: string[] = [];
  let rest: Uint8Array = new Uint8Array(0);
  for (const chunk of chunks) {
    const buffer = new Uint8Array(rest.length + chunk.length);
    buffer.set(rest);
    buffer.set(chunk, rest.length);
    const extraction = extractNmeaSentences(buffer, maxLineLength);
    sentences.push(...extraction.sentences);
    rest = extraction.rest;
  }
  return sentences;
}

describe('extractNmeaSentences', () => {
  it('splits CR LF, LF and CR terminated lines', () => {
    const { sentences, rest } = extractNmeaSentences(bytes(`${GGA}\r\n${GGA}\n${GGA}\r`));
    expect(sentences).toEqual([GGA, GGA, GGA]);
    expect(rest).toHaveLength(0);
  });

  it('keeps an unfinished line for the next read', () => {
    const { sentences, rest } = extractNmeaSentences(bytes(`${GGA}\r\n$GPGGA,1235`));
    expect(sentences).toEqual([GGA]);
    expect(text(rest)).toBe('$GPGGA,1235');
  });

  it('reassembles sentences split at every byte boundary', () => {
    const stream = bytes(`${GGA}\r\n${GGA.replace('GP', 'GN')}\r\n`);
    for (let cut = 0; cut <= stream.length; cut++) {
      expect(readAll([stream.slice(0, cut), stream.slice(cut)]), `cut ${cut}`).toEqual([GGA, GGA.replace('GP', 'GN')]);
    }
    expect(readAll(Array.from(stream, (byte) => Uint8Array.of(byte)))).toHaveLength(2);
  });

  it('ignores junk before the $ and lines without one', () => {
    const { sentences } = extractNmeaSentences(bytes(`\u0001\u0002xx${GGA}\r\nhello\r\n\r\n`));
    expect(sentences).toEqual([GGA]);
  });

  it('drops lines with non-printable bytes', () => {
    const { sentences } = extractNmeaSentences(Uint8Array.of(...bytes('$GPGGA,1'), 0xd3, ...bytes(',2\r\n')));
    expect(sentences).toEqual([]);
  });

  it('caps the line length, so an endless line does not grow the buffer', () => {
    const long = `$${'A'.repeat(300)}`;
    expect(extractNmeaSentences(bytes(`${long}\r\n${GGA}\r\n`)).sentences).toEqual([GGA]);
    const { rest } = extractNmeaSentences(bytes(long));
    expect(rest).toHaveLength(0);
    expect(readAll([bytes(long), bytes('B'.repeat(100)), bytes(`\r\n${GGA}\r\n`)])).toEqual([GGA]);
    expect(extractNmeaSentences(bytes(`${GGA}\r\n`), 20).sentences).toEqual([]);
  });
});

describe('forEachNmeaSentence', () => {
  it('gives where each sentence lies and where the rest starts, without making strings', () => {
    const read = bytes(`xx${GGA}\r\n${GGA}\n$GPGGA,1`);
    const found: Array<[number, number]> = [];
    const restStart = forEachNmeaSentence(read, (_, start, end) => found.push([start, end]));
    expect(found).toEqual([
      [2, 2 + GGA.length],
      [4 + GGA.length, 4 + 2 * GGA.length],
    ]);
    expect(text(read.subarray(restStart))).toBe('$GPGGA,1');
    expect(forEachNmeaSentence(bytes(`${GGA}\r\n`), () => {})).toBe(-1);
  });
});
