/**
 * The local payment-provider stand-in on its own (`npm start` runs it): the hosted checkout on
 * http://127.0.0.1:$PAYMENTS_PORT/pay (default 8789), its subscriptions on /subscriptions; events go to the dashboard
 * on http://127.0.0.1:$PORT (default 8788), signed with LOCAL_PAYMENTS.webhookSecret (./config.ts).
 */
import { LOCAL_PAYMENTS } from './config.ts';
import { createPaymentProvider } from './server.ts';

const provider = await createPaymentProvider({
  port: Number(process.env.PAYMENTS_PORT ?? LOCAL_PAYMENTS.port),
  dashboardUrl: process.env.DASHBOARD_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8788}`,
  webhookSecret: LOCAL_PAYMENTS.webhookSecret,
  eventDelayMs: Number(process.env.PAYMENTS_EVENT_DELAY_MS ?? LOCAL_PAYMENTS.eventDelayMs),
  log: true,
});
console.log(`payment-provider: checkout on ${provider.url}/pay, subscriptions on ${provider.url}/subscriptions`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
