import WebDriver from 'webdriver';
import { spawn } from 'node:child_process';
const t = Date.now();
const drv = spawn('WebKitWebDriver', ['--port=4445'], { stdio: 'inherit' });
await new Promise((r) => setTimeout(r, 500));
const c = await WebDriver.newSession({
  hostname: '127.0.0.1',
  port: 4445,
  logLevel: 'warn',
  capabilities: {
    'wdio:enforceWebDriverClassic': true,
    browserName: 'MiniBrowser',
    'webkitgtk:browserOptions': { binary: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', args: ['--automation'] },
  },
});
await c.navigateTo('data:text/html,<label for=a>Email</label><input id=a type=time><button>Go</button>');
const el = await c.findElement('xpath', '//input[@id=//label[normalize-space()="Email"]/@for]');
const id = el['element-6066-11e4-a52e-4f735466cecf'];
await c.elementSendKeys(id, '0930PM');
console.log(await c.executeScript('return [document.querySelector("input").value, navigator.userAgent]', []), Date.now() - t);
console.log(await c.executeScript('return Promise.resolve(5)', []));
await c.deleteSession();
drv.kill();
