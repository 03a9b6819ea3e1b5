/** @jest-environment node */
import { sandboxExposureWarning } from './mount';

describe('the warning for the built-in sandbox on a public address', () => {
  it.each(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'http://parley.localhost'])('says nothing on %s', (url) => {
    expect(sandboxExposureWarning(url)).toBeUndefined();
  });

  it.each(['https://parley.example.com', 'http://10.0.0.5:3000'])('warns on %s that messages go to simulated customers', (url) => {
    expect(sandboxExposureWarning(url)).toMatch(/is using the built-in WhatsApp sandbox: messages go to simulated customers, not to WhatsApp\. Set WHATSAPP_API_URL/);
  });
});
