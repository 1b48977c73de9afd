// Built by mf-build like every remote; `npm run dev` adds the standalone host (src/standalone).
module.exports = require('@kabuto/mf-build').createRemoteConfig({
  dir: __dirname,
  name: 'mf_trade',
  // './order-ticket': the ticket widget mf-market's stock details loads at run time (shared-sdk remote/widgets.ts).
  exposes: { './routes': './src/routes.tsx', './order-ticket': './src/widgets/order-ticket/index.tsx' },
  devPort: 3002,
});
