/**
 * Baseline for bench/ingest.ts: a bare Aedes broker (no authentication, no storage) on a free
 * port. Prints `{"mqttPort": n}` and runs until killed.
 */
import { createServer, type AddressInfo } from 'node:net';
import { Aedes } from 'aedes';

const broker = await Aedes.createBroker();
const server = createServer((socket) => {
  socket.setNoDelay(true);
  broker.handle(socket);
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ mqttPort: (server.address() as AddressInfo).port })));
process.on('SIGTERM', () => process.exit(0));
