// The floor of server-path.js: one Fastify route, no plugins, no logging, no database.
const Fastify = require('fastify');

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 1, msg: '', data: null }));
app.listen({ port: 0, host: '127.0.0.1' }).then(() => console.log(`bare listening ${app.server.address().port}`));
