import type { FileHandle } from 'node:fs/promises';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ArchiveSegment, type ArchiveStore, readSegment } from '@fixpoint/caster';
import {
  convertRtcmToRinex,
  navigationFileName,
  observationFileName,
  type RinexConversionOptions,
  type RinexNameParts,
  type RtcmChunk,
} from '@fixpoint/rtcm';
import type { RinexFailure } from '@fixpoint/shared';
import { Zip, ZipDeflate } from 'fflate';

/** A conversion that cannot succeed for a reason the user is told (as a code; the web words it). */
export class ConversionError extends Error {
  constructor(readonly code: RinexFailure) {
    super(`RINEX conversion: ${code}`);
  }
}

export interface RinexFileInput {
  store: ArchiveStore;
  /** The window's archive segments, oldest first. */
  segments: readonly ArchiveSegment[];
  conversion: Omit<RinexConversionOptions, 'writeObservation' | 'totalBytes'>;
  nameParts: RinexNameParts;
  /** Where the zip goes in the store. */
  resultKey: string;
}

/**
 * The whole file job as the worker runs it (and `npm run bench:rinex-job` measures it): read the window's segments,
 * convert them, zip the observation file (and the navigation file when there are ephemerides) and store the zip.
 * Nothing holds the whole window: the archive is read once, its frames spooled to a temporary file for the
 * converter's second pass, and the zip is written to a temporary file as it is deflated, then stored from there.
 */
export async function makeRinexFile({ store, segments, conversion, nameParts, resultKey }: RinexFileInput) {
  const totalBytes = segments.reduce((sum, segment) => sum + segment.rawBytes, 0);
  const folder = await mkdtemp(join(tmpdir(), 'fixpoint-rinex-'));
  try {
    const spool = await Spool.open(join(folder, 'frames.rtcm'));
    const zip = await ZipFile.open(join(folder, 'result.zip'));
    try {
      const observationName = observationFileName(nameParts);
      const observation = zip.file(observationName);
      let isSpooled = false;
      const source = () => {
        if (isSpooled) return spool.read();
        isSpooled = true;
        return spool.write(store, segments);
      };
      const result = await convertRtcmToRinex(source, {
        ...conversion,
        totalBytes,
        writeObservation: (text) => observation.push(text),
      });
      if (result.epochs === 0) throw new ConversionError('noObservations');
      await observation.end();
      // Without ephemerides the navigation file would be a header alone: it is left out, and the job says so.
      if (result.ephemerides > 0) await zip.file(navigationFileName(nameParts)).end(result.navigation);
      await zip.finish();
      const resultBytes = (await stat(zip.path)).size;
      await store.putFile(resultKey, zip.path);
      return {
        resultName: observationName.replace(/_MO\.rnx$/, '.zip'),
        resultBytes,
        epochs: result.epochs,
        ephemerides: result.ephemerides,
      };
    } finally {
      await spool.close();
      await zip.close();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The window's frames on local disk: the first pass reads them from the store (one segment at a time) and appends
 * them here; the second reads them back in the same pieces, so the store (S3: one GET a segment) is read once.
 */
class Spool {
  readonly #pieces: { offset: number; length: number; receivedAt: number }[] = [];
  #length = 0;

  private constructor(readonly file: FileHandle) {}

  static async open(path: string): Promise<Spool> {
    return new Spool(await open(path, 'w+'));
  }

  async *write(store: ArchiveStore, segments: readonly ArchiveSegment[]): AsyncIterable<RtcmChunk> {
    for (const segment of segments) {
      const data = await readSegment(store, segment.objectKey);
      await this.file.write(data, 0, data.length, this.#length);
      const receivedAt = segment.startedAt.getTime();
      this.#pieces.push({ offset: this.#length, length: data.length, receivedAt });
      this.#length += data.length;
      yield { data, receivedAt };
    }
  }

  async *read(): AsyncIterable<RtcmChunk> {
    for (const { offset, length, receivedAt } of this.#pieces) {
      const data = new Uint8Array(length);
      await this.file.read(data, 0, length, offset);
      yield { data, receivedAt };
    }
  }

  close = () => this.file.close();
}

/** A zip deflated as its files' pieces arrive (fflate's streaming zip) and written to a file as it grows. */
class ZipFile {
  readonly #zip: Zip;
  #pending: Uint8Array[] = [];
  #error: Error | null = null;
  #isClosed = false;

  private constructor(
    readonly path: string,
    readonly handle: FileHandle,
  ) {
    this.#zip = new Zip((error, chunk) => {
      if (error) this.#error = error;
      else this.#pending.push(chunk);
    });
  }

  static async open(path: string): Promise<ZipFile> {
    return new ZipFile(path, await open(path, 'w'));
  }

  file(name: string) {
    const entry = new ZipDeflate(name, { level: 6 });
    this.#zip.add(entry);
    const encoder = new TextEncoder();
    return {
      push: (text: string) => {
        entry.push(encoder.encode(text), false);
        return this.#flush();
      },
      end: (text = '') => {
        entry.push(encoder.encode(text), true);
        return this.#flush();
      },
    };
  }

  async finish(): Promise<void> {
    this.#zip.end();
    await this.#flush();
    await this.handle.sync();
  }

  /** Writes what the deflater has produced so far; the converter waits for it, so memory holds one piece. */
  async #flush(): Promise<void> {
    if (this.#error) throw this.#error;
    const chunks = this.#pending;
    this.#pending = [];
    for (const chunk of chunks) await this.handle.write(chunk);
  }

  async close(): Promise<void> {
    if (this.#isClosed) return;
    this.#isClosed = true;
    await this.handle.close();
  }
}
