import { chromium } from 'playwright-core';
const [url, out, w] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync'] });
const p = await b.newPage({ viewport: { width: Number(w ?? 1280), height: 800 }, locale: 'es-PY', timezoneId: 'America/Asuncion' });
p.on('console', (m) => console.log('console:', m.type(), m.text()));
p.on('pageerror', (e) => console.log('pageerror:', e.message));
await p.goto(url); await p.waitForTimeout(3000);
await p.screenshot({ path: out, fullPage: true });
await b.close();
