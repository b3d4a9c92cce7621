import { initialJsWeight } from './bench/js-weight.ts';
const dist = process.argv[2] ?? 'dist';
for (const s of ['auth-login','wallets','users','transactions','settings','analytics-transactions','policies','webhooks']) { try { const w = initialJsWeight(dist, `shell/${s}.html`); console.log(s, (w.bytes/1000).toFixed(1), w.files.length); } catch (e) { console.log(s, 'n/a'); } }
