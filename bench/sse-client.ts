/**
 * One load process of bench/sse.ts: opens live streams of one vessel (plain HTTP, as EventSource
 * does), and prints a JSON line twice a second with how many are open and, for every `batch`
 * event carrying the benchmark's `bench.sentAt` value, the time from its publication to its
 * arrival here.
 *
 *   tsx bench/sse-client.ts <url> <tokens.json>
 */
import { get } from 'node:http';
import { readFileSync } from 'node:fs';

const [url, tokensFile] = process.argv.slice(2);
const tokens = JSON.parse(readFileSync(tokensFile, 'utf8')) as string[];
let open = 0;
let failed = 0;
let received: Array<[number, number]> = [];

function listen(token: string): void {
  get(url, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (res) => {
    if (res.statusCode !== 200) {
      failed++;
      res.resume();
      return;
    }
    open++;
    res.setEncoding('utf8');
    let buffer = '';
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!event.startsWith('event: batch\n')) continue;
        const arrived = Date.now();
        const batch = JSON.parse(event.slice(event.indexOf('data: ') + 6)) as { values: Array<{ path: string; value: unknown }> };
        for (const v of batch.values) if (v.path === 'bench.sentAt') received.push([v.value as number, arrived - (v.value as number)]);
      }
    });
    res.on('close', () => open--);
  }).on('error', () => failed++);
}

tokens.forEach(listen);
setInterval(() => {
  console.log(JSON.stringify({ open, failed, received }));
  received = [];
}, 500);
process.on('SIGTERM', () => process.exit(0));
