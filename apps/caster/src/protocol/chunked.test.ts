import { describe, expect, it } from 'vitest';
import { ChunkedDecodeError, ChunkedDecoder, type ChunkedDecoderOptions, encodeChunk, lastChunk } from './chunked';

const bytes = (text: string) => Buffer.from(text, 'latin1');

interface Decoded {
  data: Buffer;
  ended: boolean;
  chunks: number;
  error?: string;
}

function decodeInPieces(input: Buffer, cuts: readonly number[], options?: ChunkedDecoderOptions): Decoded {
  const decoder = new ChunkedDecoder(options);
  const bounds = [0, ...cuts, input.length];
  const out: Buffer[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) out.push(...decoder.push(input.subarray(bounds[i], bounds[i + 1])));
  const decoded = { data: Buffer.concat(out), ended: decoder.ended, chunks: decoder.chunkCount };
  return decoder.error ? { ...decoded, error: decoder.error.message } : decoded;
}

const decodeWhole = (input: string | Buffer, options?: ChunkedDecoderOptions) =>
  decodeInPieces(typeof input === 'string' ? bytes(input) : input, [], options);

describe('ChunkedDecoder', () => {
  it('joins the chunks and ends at the last chunk', () => {
    expect(decodeWhole('5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n')).toEqual({
      data: bytes('hello world'),
      ended: true,
      chunks: 2,
    });
  });

  it('reads upper- and lower-case hex with leading zeros', () => {
    const body = `1A\r\n${'a'.repeat(26)}\r\n001b\r\n${'b'.repeat(27)}\r\n0000\r\n\r\n`;
    expect(decodeWhole(body)).toMatchObject({ data: bytes('a'.repeat(26) + 'b'.repeat(27)), ended: true });
  });

  it('skips chunk extensions and whitespace after the size', () => {
    expect(decodeWhole('5;name=value;x\r\nhello\r\n3 \t;e="a;b"\r\nabc\r\n0;end\r\n\r\n').data).toEqual(
      bytes('helloabc'),
    );
  });

  it('skips trailer fields after the last chunk', () => {
    expect(decodeWhole('2\r\nok\r\n0\r\nX-Checksum: 1\r\nX-Other: 2\r\n\r\n')).toEqual({
      data: bytes('ok'),
      ended: true,
      chunks: 1,
    });
  });

  it('accepts bare LF line ends', () => {
    expect(decodeWhole('5\nhello\n0\n\n')).toEqual({ data: bytes('hello'), ended: true, chunks: 1 });
  });

  it('passes CR and LF bytes inside chunk data through', () => {
    expect(decodeWhole('4\r\n\r\n\r\n\r\n0\r\n\r\n').data).toEqual(bytes('\r\n\r\n'));
  });

  it('is not ended until the blank line after the last chunk', () => {
    const decoder = new ChunkedDecoder();
    decoder.push(bytes('5\r\nhello\r\n0\r\n'));
    expect(decoder.ended).toBe(false);
    decoder.push(bytes('X-T: 1\r\n'));
    expect(decoder.ended).toBe(false);
    decoder.push(bytes('\r\n'));
    expect(decoder.ended).toBe(true);
  });

  it('ignores bytes after the end', () => {
    const decoder = new ChunkedDecoder();
    expect(Buffer.concat(decoder.push(bytes('1\r\na\r\n0\r\n\r\ngarbage')))).toEqual(bytes('a'));
    expect(decoder.push(bytes('more'))).toEqual([]);
    expect(decoder.ended).toBe(true);
  });

  it('returns views into the pushed buffer instead of copies', () => {
    const input = bytes('5\r\nhello\r\n');
    const [data] = new ChunkedDecoder().push(input);
    expect(data?.buffer).toBe(input.buffer);
    expect(data?.byteOffset).toBe(input.byteOffset + 3);
  });

  it('streams a chunk that spans several pushes as it arrives', () => {
    const decoder = new ChunkedDecoder();
    expect(decoder.push(bytes('a\r\n0123'))).toEqual([bytes('0123')]);
    expect(decoder.push(bytes('456'))).toEqual([bytes('456')]);
    expect(decoder.push(bytes('789\r'))).toEqual([bytes('789')]);
    expect(decoder.push(bytes('\n'))).toEqual([]);
  });

  it('gives the same output for a body split at every offset and fed byte by byte', () => {
    const input = bytes('5;x=1\r\nhello\r\n1\r\n \r\nA\r\n0123456789\r\n0\r\nT: 1\r\n\r\n');
    const whole = decodeWhole(input);
    expect(whole).toEqual({ data: bytes('hello 0123456789'), ended: true, chunks: 3 });
    for (let cut = 0; cut <= input.length; cut++) {
      for (let second = cut; second <= input.length; second += 7) {
        expect(decodeInPieces(input, [cut, second])).toEqual(whole);
      }
    }
    expect(
      decodeInPieces(
        input,
        Array.from({ length: input.length }, (_, i) => i),
      ),
    ).toEqual(whole);
  });

  it.each([
    ['a size that is not hex', 'zz\r\n', 'chunk size is not hexadecimal'],
    ['an empty size line', '\r\nhello', 'chunk size is not hexadecimal'],
    ['a negative size', '-5\r\n', 'chunk size is not hexadecimal'],
    ['a size with a junk suffix', '5x\r\nhello', 'unexpected byte in the chunk size line'],
    ['CR without LF in the size line', '5\rhello', 'expected LF after the chunk size line'],
    ['data longer than its size', '5\r\nhello!\r\n', 'expected CRLF after chunk data'],
    ['CR without LF after data', '5\r\nhello\rX', 'expected CRLF after chunk data'],
    ['a broken blank line after the last chunk', '0\r\n\rX', 'expected LF after the last chunk'],
  ])('rejects %s', (_name, input, message) => {
    expect(decodeWhole(input)).toMatchObject({ ended: false, error: message });
  });

  it('rejects a chunk above the size cap as soon as the digits say so', () => {
    expect(decodeWhole('401\r\n', { maxChunkSize: 1024 }).error).toBe('chunk size too large');
    expect(decodeWhole(`400\r\n${'x'.repeat(1024)}\r\n0\r\n\r\n`, { maxChunkSize: 1024 }).data.length).toBe(1024);
    expect(decodeWhole('ffffffffffffffffffff\r\n').error).toBe('chunk size too large');
  });

  it('rejects size and trailer lines over the length cap, even split across pushes', () => {
    const options = { maxLineLength: 16 };
    expect(decodeWhole(`1;${'e'.repeat(14)}\r\nx\r\n0\r\n\r\n`, options).data).toEqual(bytes('x'));
    expect(decodeWhole(`1;${'e'.repeat(15)}\r\n`, options).error).toBe('chunk line too long');
    const trailer = bytes(`0\r\n${'t'.repeat(17)}\r\n\r\n`);
    expect(decodeInPieces(trailer, [4, 9, 14], options).error).toBe('chunk line too long');
    expect(decodeWhole(`${'0'.repeat(17)}1\r\n`, options).error).toBe('chunk line too long');
  });

  it('returns the data before a malformed byte, then nothing, and keeps the error', () => {
    const decoder = new ChunkedDecoder();
    expect(decoder.error).toBeUndefined();
    expect(decoder.push(bytes('3\r\nabc\r\n2\r\nde\r\nzz\r\n'))).toEqual([bytes('abc'), bytes('de')]);
    expect(decoder.error).toBeInstanceOf(ChunkedDecodeError);
    expect(decoder.error?.message).toBe('chunk size is not hexadecimal');
    expect(decoder.push(bytes('5\r\nhello\r\n'))).toEqual([]);
    expect(decoder.ended).toBe(false);
    expect(decoder.chunkCount).toBe(2);
  });
});

describe('encodeChunk', () => {
  it('frames data as hex size, CRLF, data, CRLF in one Buffer', () => {
    expect(encodeChunk(bytes('hello'))).toEqual(bytes('5\r\nhello\r\n'));
    expect(encodeChunk(Buffer.alloc(26, 0x61))).toEqual(bytes(`1a\r\n${'a'.repeat(26)}\r\n`));
    expect(encodeChunk(new Uint8Array([0xd3, 0x00]))).toEqual(Buffer.from([0x32, 0x0d, 0x0a, 0xd3, 0x00, 0x0d, 0x0a]));
  });

  it('frames several parts as one chunk', () => {
    expect(encodeChunk([bytes('ab'), bytes(''), bytes('cde')])).toEqual(bytes('5\r\nabcde\r\n'));
  });

  it('refuses empty data, which would be the end-of-body marker', () => {
    expect(() => encodeChunk(Buffer.alloc(0))).toThrow(RangeError);
    expect(() => encodeChunk([])).toThrow(RangeError);
  });

  it('round-trips through the decoder', () => {
    const payload = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
    const body = Buffer.concat([encodeChunk(payload.subarray(0, 1)), encodeChunk(payload.subarray(1)), lastChunk()]);
    expect(decodeWhole(body)).toEqual({ data: payload, ended: true, chunks: 2 });
  });

  it('ends a body with the last chunk', () => {
    expect(lastChunk()).toEqual(bytes('0\r\n\r\n'));
  });
});
