// The loopback JSON server of the throughput bench, run as a child process
// so that its CPU time is not counted as the client's. Prints its port.
import { createServer } from 'node:http';

const BODY = JSON.stringify({
  data: {
    id: 42,
    domain: 'shop.lunaria.cn',
    privacy: 1,
    email: 0,
    exclude_bots: 1,
    exclude_params: null,
    exclude_ips: null,
  },
});
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(BODY) });
    res.end(BODY);
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
process.on('disconnect', () => process.exit(0));
