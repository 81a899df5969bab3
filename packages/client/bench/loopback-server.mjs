// The loopback JSON server of the throughput bench, run as a child process
// so that its CPU time is not counted as the client's. Prints its port.
// GET /api/v1/websites/42 answers one website; GET /api/v1/websites answers
// a bare list whose length the `search` parameter names (`rows-1000`): the
// client only sends the page sizes the spec allows, and the bench needs more.
import { createServer } from 'node:http';

const website = (id) => ({
  id,
  domain: `shop-${id}.lunaria.cn`,
  privacy: 1,
  email: 0,
  exclude_bots: 1,
  exclude_params: null,
  exclude_ips: null,
});
const one = JSON.stringify({ data: website(42) });
const lists = new Map();
const listOf = (rows) => {
  if (!lists.has(rows)) lists.set(rows, JSON.stringify(Array.from({ length: rows }, (_, i) => website(i + 1))));
  return lists.get(rows);
};

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const rows = /^rows-(\d+)$/.exec(url.searchParams.get('search') ?? '')?.[1];
    const body = rows ? listOf(Number(rows)) : one;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
// Connections stay open however long the client takes between requests: under callgrind the client runs a
// hundred times slower, and a connection the server closed while idle fails the next request on it.
server.keepAliveTimeout = 3_600_000;
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
process.on('disconnect', () => process.exit(0));
