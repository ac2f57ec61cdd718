import { chromium } from '@playwright/test';
import { DEMO_STAFF_PASSWORD, DEMO_TOTP_SECRET } from '/work/wt/h2/src/server/staff/demo';
import { currentCode } from '/work/wt/h2/src/server/staff/totp';
const [email, lang, width, ...paths] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage({ viewport: { width: Number(width), height: 900 } });
p.on('console', (m) => { if (m.type() === 'error' || m.type()==='warning') console.log('console', m.text()); });
await p.addInitScript((l) => localStorage.setItem('studio-lang', l), lang);
await p.goto('http://127.0.0.1:8302/studio/signin');
await p.locator('input[type=email], input[autocomplete=username]').first().fill(email);
await p.locator('input[type=password]').fill(DEMO_STAFF_PASSWORD);
await p.locator('button[type=submit]').click();
await p.waitForTimeout(1500);
const offset = Number(process.env.OFF ?? 0);
await p.locator('input').first().fill(currentCode(DEMO_TOTP_SECRET, new Date(Date.now() + offset * 30000)));
await p.locator('button[type=submit]').click();
await p.waitForTimeout(1500);
let i = 0;
for (const path of paths) {
  await p.goto('http://127.0.0.1:8302' + path);
  await p.waitForTimeout(2500);
  const f = `/tmp/h2shots/${lang}-${width}-${i++}.png`;
  await p.screenshot({ path: f, fullPage: true });
  console.log(f, (await p.locator('main').innerText()).slice(0, 1500));
}
await b.close();
