// A load generator in its own process (autocannon), so that the client's work does not share the
// benchmark runner's event loop. Reads its job as JSON on stdin, writes the result as JSON on stdout:
// every response's latency in ms, the rate, and counts of non-2xx replies and errors.
import autocannon from 'autocannon';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const job = JSON.parse(input);

const latencies = [];
const statuses = {};
const instance = autocannon({
  url: job.url,
  connections: job.connections,
  amount: job.amount,
  timeout: job.timeoutSeconds ?? 30,
  requests: job.requests,
});
instance.on('response', (_client, statusCode, _bytes, responseTime) => {
  latencies.push(responseTime);
  statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
});
const result = await instance;
process.stdout.write(
  JSON.stringify({
    latencies,
    statuses,
    perSecond: result.requests.total / (result.duration || 1),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }),
);
