/**
 * The local SMTP inbox on its own (`npm start` runs it): SMTP on 127.0.0.1:$SMTP_PORT (default 2525), the inbox page
 * on http://127.0.0.1:$SMTP_INBOX_PORT/inbox (default 8025). Credentials: LOCAL_SMTP in ./config.ts.
 */
import { LOCAL_SMTP } from './config.ts';
import { createSmtpInbox } from './server.ts';

const inbox = await createSmtpInbox({
  port: Number(process.env.SMTP_PORT ?? LOCAL_SMTP.port),
  webPort: Number(process.env.SMTP_INBOX_PORT ?? LOCAL_SMTP.webPort),
  user: LOCAL_SMTP.user,
  password: LOCAL_SMTP.password,
  log: true,
});
console.log(`smtp-inbox: SMTP on 127.0.0.1:${inbox.smtpPort}, inbox on ${inbox.inboxUrl}`);
const stop = () => void inbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
