import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
export { linkIn } from '../../server/testing/smtp-test-server';
import { runningServer } from './server';
import { until } from './until';

export interface ArrivedEmail {
  subject: string;
  text: string;
  html: string;
}

/** Waits for the email Parley sent to `address` (the test SMTP server files each in the server's mailDir). */
export async function emailTo(address: string, timeoutMs = 30_000): Promise<ArrivedEmail> {
  let found: ArrivedEmail | null = null;
  await until(async () => {
    found = await findEmailTo(address);
    return found !== null;
  }, `an email to ${address}`, timeoutMs);
  return found!;
}

async function findEmailTo(address: string): Promise<ArrivedEmail | null> {
  const { mailDir } = runningServer();
  for (const file of readdirSync(mailDir).sort()) {
    const parsed = await simpleParser(readFileSync(path.join(mailDir, file)));
    const to = ([] as AddressObject[]).concat(parsed.to ?? []).flatMap((group) => group.value.map((v) => v.address));
    if (to.includes(address)) return { subject: parsed.subject ?? '', text: parsed.text ?? '', html: parsed.html || '' };
  }
  return null;
}
