// What a rover's GGA costs the caster beyond the socket read (issue 33, decisions 0079, 0080 and 0088), measured
// in-process: finding the sentence in the bytes read and parsing it whole (one sentence per read, and five per
// read), a session's whole handling of a 30 s slice's read per sentence (RoverSession.receive: every sentence's
// fix fields, the newest parsed whole, the aggregation), the aggregation (GgaAccumulator.add per GGA) and what each
// progress write adds per session (the stored JSON, decision 0088).
// Usage: npm run bench:gga   (prints one JSON line)

import type { Socket } from 'node:net';
import { forEachNmeaSentence, nmeaChecksum, parseGgaBytes } from '@fixpoint/rtcm';
import { GgaAccumulator } from '../../apps/caster/src/sessions/gga-stats';
import { RoverSession, type RoverSessionInit } from '../../apps/caster/src/sessions/rover-session';

const sentence = (quality: number, second: number) => {
  const body = `GPGGA,0956${String(second).padStart(2, '0')}.00,5222.0562,N,00454.2460,E,${quality},18,0.8,12.3,M,43.1,M,1.0,0100`;
  return `$${body}*${nmeaChecksum(body)}\r\n`;
};
const singles = [4, 5, 1].map((quality) => Buffer.from(sentence(quality, 0)));
const slice = Buffer.from([0, 1, 2, 3, 4].map((second) => sentence(second % 3 === 0 ? 5 : 4, second)).join(''));
/** A 30 s slice's read, as the caster's session gets it (decision 0088): 30 sentences a second apart. */
const longSlice = Buffer.from(
  Array.from({ length: 30 }, (_, k) => sentence(k % 3 === 0 ? 5 : 4, k).replace('0956', k < 10 ? '0956' : '0957')).join(
    '',
  ),
);
// A session on a stand-in socket (the session only listens to it): receive() is the whole path of a read, from
// finding the sentences to the fix health and the routed position.
const session = new RoverSession(
  { socket: { on: () => {} } as unknown as Socket, network: { kind: 'hosted' } } as unknown as RoverSessionInit,
  { onPosition: () => {}, onBytesOut: () => {}, onClose: () => {} },
);
const N = 300_000;

function time(label: string, run: (i: number) => void, perRun = 1): [string, number] {
  for (let i = 0; i < 20_000; i++) run(i); // warm up
  const started = process.hrtime.bigint();
  for (let i = 0; i < N; i++) run(i);
  return [label, Math.round((Number(process.hrtime.bigint() - started) / N / perRun) * 10) / 10];
}

let sink = 0;
const parse = (bytes: Uint8Array, start: number, end: number) => {
  sink += parseGgaBytes(bytes, start, end)?.quality ?? 0;
};
const parsed = singles.map((chunk) => parseGgaBytes(chunk, 0, chunk.length - 2));
const accumulator = new GgaAccumulator(0);
const results = Object.fromEntries([
  time('ggaPathNs', (i) => forEachNmeaSentence(singles[i % 3] as Buffer, parse)),
  time('ggaPathInSliceNs', () => forEachNmeaSentence(slice, parse), 5),
  time('sessionReadOf30PerSentenceNs', () => session.receive(longSlice, true), 30),
  time('aggregateNs', (i) => accumulator.add(parsed[i % 3] as NonNullable<(typeof parsed)[0]>, i * 1000)),
  time('progressSnapshotNs', (i) => {
    sink += accumulator.toJson(i * 1000)?.length ?? 0;
  }),
]);
console.log(JSON.stringify({ ...results, sentences: N, sink: sink > 0 }));
