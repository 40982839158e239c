import Fastify from 'fastify';

// The baseline: the same framework answering a constant, with logging off like the Skald run.
const app = Fastify({ logger: false });
app.get('/hello', () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
