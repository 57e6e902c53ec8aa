// One load generator of the fan-out bench: opens its share of the rovers (half v1, half v2) from its own local
// address, then records the latency of every frame it reads. Driven by run.ts over stdin/stdout:
//   args: <port> <user> <password> <rovers> <localAddress> <batch> [gga]
//   prints `CONNECTED <rovers> <seconds>`; on `START` starts recording; on `STOP` prints `LATENCIES <json>` and exits.
//   With `gga`, from `GGA` on (run.ts sends it a few seconds before START, so what is measured is rovers that have
//   been sending for a while) every rover also sends a GGA sentence once a second (spread over the second), its
//   quality changing between RTK fixed and float, as rovers that report their position do (issue 33).
import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { nmeaChecksum } from '@fixpoint/rtcm';

const [portText, user, password, roversText, localAddress, batchText, ggaFlag] = process.argv.slice(2);
const port = Number(portText);
const rovers = Number(roversText);
const batch = Number(batchText ?? 200);
const auth = Buffer.from(`${user}:${password}`).toString('base64');

function open(index: number): Promise<Socket> {
  const head =
    index % 2 === 1
      ? `GET /BENCH1 HTTP/1.1\r\nHost: x\r\nNtrip-Version: Ntrip/2.0\r\nUser-Agent: NTRIP bench\r\nAuthorization: Basic ${auth}\r\n\r\n`
      : `GET /BENCH1 HTTP/1.0\r\nUser-Agent: NTRIP bench\r\nAuthorization: Basic ${auth}\r\n\r\n`;
  return new Promise((resolveSocket, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress }, () => socket.write(head));
    socket.once('data', () => resolveSocket(socket));
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('closed before the reply')));
  });
}

const sockets: Socket[] = [];
const started = performance.now();
for (let i = 0; i < rovers; i += batch) {
  sockets.push(...(await Promise.all(Array.from({ length: Math.min(batch, rovers - i) }, (_, j) => open(i + j)))));
}
const connectSeconds = (performance.now() - started) / 1000;

let isRecording = false;
const latencies: number[] = [];
for (const socket of sockets) {
  socket.on('error', () => {});
  socket.on('data', (chunk: Buffer) => {
    if (!isRecording) return;
    const at = chunk.indexOf(0xd3);
    // v1: frame starts at 0; v2: after the chunk size line. Header 3 B, then type (2) and sequence (4).
    if (at === -1 || chunk.length < at + 17) return;
    const sentAt = chunk.readDoubleBE(at + 3 + 6);
    latencies.push(performance.timeOrigin + performance.now() - sentAt);
  });
}
process.stdout.write(`CONNECTED ${sockets.length} ${connectSeconds.toFixed(2)}\n`);

/** A receiver's GGA near Amsterdam, with the real checksum. */
function gga(quality: number): string {
  const now = new Date();
  const time = now.toISOString().slice(11, 19).replaceAll(':', '');
  const body = `GPGGA,${time}.00,5222.0562,N,00454.2460,E,${quality},18,0.8,12.3,M,43.1,M,1.0,0100`;
  return `$${body}*${nmeaChecksum(body)}\r\n`;
}

let ggaTimer: NodeJS.Timeout | undefined;
let tick = 0;
/** Every 100 ms a tenth of the rovers send their GGA: each rover once a second. */
function startGga() {
  ggaTimer = setInterval(() => {
    const slice = tick++ % 10;
    const fixed = gga(4);
    const float = gga(5);
    for (let i = slice; i < sockets.length; i += 10) (sockets[i] as Socket).write(i % 3 === 0 ? float : fixed);
  }, 100);
}

for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'GGA' && ggaFlag === 'gga') startGga();
  if (line === 'START') isRecording = true;
  if (line === 'STOP') {
    isRecording = false;
    clearInterval(ggaTimer);
    for (const socket of sockets) socket.destroy();
    // Exit once the (large) line is written: a pipe may not take it all at once.
    const report = `LATENCIES ${JSON.stringify(latencies.map((ms) => Math.round(ms * 100) / 100))}\n`;
    process.stdout.write(report, () => process.exit(0));
    break;
  }
}
