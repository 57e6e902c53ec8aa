// One load generator of the fan-out bench: opens its share of the rovers (half v1, half v2) from its own local
// address, then records the latency of every frame it reads. Driven by run.ts over stdin/stdout:
//   args: <port> <user> <password> <rovers> <localAddress> <batch>
//   prints `CONNECTED <rovers> <seconds>`; on `START` starts recording; on `STOP` prints `LATENCIES <json>` and exits.
import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';

const [portText, user, password, roversText, localAddress, batchText] = process.argv.slice(2);
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

for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'START') isRecording = true;
  if (line === 'STOP') {
    isRecording = false;
    for (const socket of sockets) socket.destroy();
    // Exit once the (large) line is written: a pipe may not take it all at once.
    const report = `LATENCIES ${JSON.stringify(latencies.map((ms) => Math.round(ms * 100) / 100))}\n`;
    process.stdout.write(report, () => process.exit(0));
    break;
  }
}
