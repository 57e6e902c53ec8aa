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
  let lineStart = 0;
  for (let i = 0; i < buffer.length; i++) {
    const byte = buffer[i];
    if (byte !== CR && byte !== LF) continue;
    const sentence = sentenceIn(buffer, lineStart, i, maxLineLength);
    if (sentence !== null) sentences.push(sentence);
    lineStart = i + 1;
  }
  const restStart = lastDollar(buffer, lineStart, buffer.length);
  const isRestKept = restStart !== -1 && buffer.length - restStart <= maxLineLength;
  return { sentences, rest: isRestKept ? buffer.subarray(restStart) : EMPTY };
}

function sentenceIn(buffer: Uint8Array, start: number, end: number, maxLineLength: number): string | null {
  const from = lastDollar(buffer, start, end);
  if (from === -1 || end - from > maxLineLength) return null;
  let text = '';
  for (let i = from; i < end; i++) {
    const byte = buffer[i] as number;
    if (byte < 0x20 || byte > 0x7e) return null;
    text += String.fromCharCode(byte);
  }
  return text;
}

/** Scans back only to `start`, so many short lines cost linear time. */
function lastDollar(buffer: Uint8Array, start: number, end: number): number {
  for (let i = end - 1; i >= start; i--) {
    if (buffer[i] === DOLLAR) return i;
  }
  return -1;
}
