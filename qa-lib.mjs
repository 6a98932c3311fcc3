import { chromium } from 'playwright-core';
import fs from 'node:fs';
export const B='http://127.0.0.1:3222';
export async function setup(vp={width:390,height:844}, mobile=true) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  const ctx = await browser.newContext({ viewport:vp, isMobile:mobile, hasTouch:mobile });
  const page = await ctx.newPage();
  page.on('console', m => { if (m.type()==='error'||m.type()==='warning') console.log('CONSOLE', m.type(), m.text().slice(0,300)); });
  page.on('pageerror', e => console.log('PAGEERROR', e.message));
  page.on('dialog', d => { console.log('DIALOG', d.type(), d.message()); d.accept(d.type()==='prompt' ? 'QA test reason' : undefined); });
  const shot = async (n, full=true, sel='main') => { await page.screenshot({ path:`/tmp/qa-${n}.png`, fullPage:full }); console.log('--- shot', n, page.url()); console.log((await page.locator(sel).first().innerText().catch(()=>'' )).slice(0,3000)); };
  const logSize = () => fs.statSync('/tmp/qa-server.log').size;
  const code = async (email, after) => { for (let i=0;i<20;i++){ const log=fs.readFileSync('/tmp/qa-server.log','utf8').slice(after); const re=new RegExp('"to":"'+email+'"[^\\n]*code is: ([A-Z0-9]{6})','g'); let m,last; while((m=re.exec(log))) last=m[1]; if(last) return last; await page.waitForTimeout(500);} };
  return { browser, ctx, page, shot, logSize, code };
}
