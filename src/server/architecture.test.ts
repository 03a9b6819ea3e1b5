import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';

/**
 * The server's floors are enforced by lint (`.eslint.config.mjs`). These cases add one import to a real
 * file and lint it as it would then read: each bad import must be refused with its rule, and the file
 * as it is must pass, so a config change that stops enforcing a floor fails here.
 */

const ROOT = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, '.eslint.config.mjs') });

async function structureErrors(file: string, addedImport = ''): Promise<string[]> {
  const filePath = path.join(ROOT, 'src/server', file);
  const text = `${addedImport}\n${readFileSync(filePath, 'utf8')}`;
  const [result] = await eslint.lintText(text, { filePath });
  return result.messages
    .filter((message) => ['boundaries/dependencies', 'no-restricted-imports', 'no-restricted-syntax'].includes(message.ruleId ?? ''))
    .map((message) => message.message);
}

jest.setTimeout(120_000);

test('the files as they are pass', async () => {
  for (const file of ['lib/ids.ts', 'modules/tags/index.ts', 'modules/tags/tags-service.ts', 'modules/conversations/replies-service.ts', 'types.ts', 'app.ts']) {
    expect(await structureErrors(file)).toEqual([]);
  }
});

test('the ground floor and the framework import no module', async () => {
  expect(await structureErrors('lib/ids.ts', "import { TAG_NOT_FOUND } from '../modules/tags';")).toEqual([
    expect.stringContaining('never import a module'),
  ]);
  expect(await structureErrors('whatsapp/graph-client.ts', "import { sendText } from '../modules/conversations';")).toEqual([
    expect.stringContaining('never import a module'),
  ]);
  expect(await structureErrors('plugins/errors.ts', "import { CONTACT_NOT_FOUND } from '../modules/contacts';")).toEqual([
    expect.stringContaining('never import a module'),
  ]);
  expect(await structureErrors('types.ts', "import type { Viewer } from './modules/conversations';")).toEqual([
    expect.stringContaining('ground floor'),
  ]);
});

test('a module imports only the modules below it, so module folders never form a cycle', async () => {
  expect(await structureErrors('modules/tags/tags-service.ts', "import { conversationRoutes } from '../conversations';")).toEqual([
    expect.stringContaining('modules/conversations is above it'),
  ]);
});

test('another module is reached only through its public face', async () => {
  expect(await structureErrors('modules/conversations/replies-service.ts', "import { findContactRow } from '../contacts/contacts-repository';")).toEqual([
    expect.stringContaining('public face'),
  ]);
  expect(await structureErrors('app.ts', "import { listTags } from './modules/tags/tags-service';")).toEqual([
    expect.stringContaining('public face'),
  ]);
});

test("a module's face exports its services, never its repositories", async () => {
  expect(await structureErrors('modules/tags/index.ts', "export { liveTagsAmong } from './contact-tags-repository';")).toEqual([
    expect.stringContaining('repositories are private'),
  ]);
});
