// The floor of HTTP overhead: a bare Fastify server with one route answering a fixed JSON body of
// BODY_BYTES bytes, no hooks, plugins, database or authentication. Prints its port when listening.
import Fastify from 'fastify';

const bytes = Number(process.env.BODY_BYTES ?? 1000);
const body = JSON.stringify({ code: 0, msg: 'ok', data: 'x'.repeat(Math.max(0, bytes - 40)) });
const app = Fastify({ logger: false });
app.get('/floor', (_request, reply) => reply.type('application/json').send(body));
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${app.server.address().port}\n`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
