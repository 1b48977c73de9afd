// Built by mf-build like every remote; `npm run dev` adds the standalone host (src/standalone).
module.exports = require('@kabuto/mf-build').createRemoteConfig({
  dir: __dirname,
  name: 'mf_trade',
  exposes: { './routes': './src/routes.tsx' },
  devPort: 3002,
});
