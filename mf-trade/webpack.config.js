// Built by mf-build like every remote; `npm run dev` adds the standalone host (src/standalone).
module.exports = require('@kabuto/mf-build').createRemoteConfig({
  dir: __dirname,
  name: 'mf_trade',
  // './order-ticket': the ticket widget mf-market's stock details loads at run time; './daily-sign-in': the
  // sign-in entry on mf-market's home (shared-sdk remote/widgets.ts).
  exposes: {
    './routes': './src/routes.tsx',
    './order-ticket': './src/widgets/order-ticket/index.tsx',
    './daily-sign-in': './src/widgets/daily-sign-in/index.tsx',
  },
  devPort: 3002,
});
