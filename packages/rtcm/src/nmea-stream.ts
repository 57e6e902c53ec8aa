const DOLLAR = 0x24;
const CR = 0x0d;
const LF = 0x0a;
/** NMEA 0183 caps a sentence at 82 characters; real receivers go past that with extra decimals, so allow more. */
export const MAX_NMEA_LINE_LENGTH = 256;
const EMPTY = new Uint8Array(0);

export interface NmeaExtraction {
  /** Complete sentences from `$` to the end of the line, without the line ending. */
  sentences: string[];
  /**
   * The unfinished last line, from its last `$`, to put in front of the next read. Empty when there is none or it
   * already runs past the length cap, so a client sending an endless line cannot grow the buffer.
   */
  rest: Uint8Array;
}

/**
 * Splits bytes read from a socket into NMEA sentences: lines end at CR, LF or both; junk before a line's last `$`
 * is ignored, as are lines without one, lines over the cap and lines with non-printable bytes. Checksums are left
 * to the sentence parser.
 */
export function extractNmeaSentences(buffer: Uint8Array, maxLineLength = MAX_NMEA_LINE_LENGTH): NmeaExtraction {
  const sentences: string[] = [];
  const restStart = forEachNmeaSentence(
    buffer,
    (bytes, start, end) => sentences.push(asciiText(bytes, start, end)),
    maxLineLength,
  );
  return { sentences, rest: restStart === -1 ? EMPTY : buffer.subarray(restStart) };
}

/**
 * extractNmeaSentences without making strings: calls `onSentence` with where each sentence lies in `buffer` (from
 * its `$` to before the line ending) and answers where the rest to keep starts, or -1 when there is none to keep.
 */
export function forEachNmeaSentence(
  buffer: Uint8Array,
  onSentence: (bytes: Uint8Array, start: number, end: number) => void,
  maxLineLength = MAX_NMEA_LINE_LENGTH,
): number {
  // One pass: the line's last `$` so far, and whether everything since it is printable.
  let dollar = -1;
  let isPrintable = true;
  for (let i = 0; i < buffer.length; i++) {
    const byte = buffer[i] as number;
    if (byte === CR || byte === LF) {
      if (dollar !== -1 && isPrintable && i - dollar <= maxLineLength) onSentence(buffer, dollar, i);
      dollar = -1;
    } else if (byte === DOLLAR) {
      dollar = i;
      isPrintable = true;
    } else if (byte < 0x20 || byte > 0x7e) isPrintable = false;
  }
  return dollar !== -1 && buffer.length - dollar <= maxLineLength ? dollar : -1;
}

/** `bytes[start, end)` as text, one character per byte. */
export function asciiText(bytes: Uint8Array, start: number, end: number): string {
  let text = '';
  for (let i = start; i < end; i++) text += String.fromCharCode(bytes[i] as number);
  return text;
}
