// Flat config kept as a dotfile, so the top level of the repository keeps only its fixed set of files.
import path from 'node:path';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const CLIENT_ROOT = path.join(import.meta.dirname, 'src', 'client');

/** The folders of a path under src/client (['features', 'tags', 'tag-chip']), or null outside it. */
function clientSegments(absolutePath) {
  const relative = path.relative(CLIENT_ROOT, absolutePath);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep);
}

/** Where an import specifier points under src/client (through @client/… or a relative path), or null. */
function importedSegments(specifier, filename) {
  if (specifier.startsWith('@client/')) return clientSegments(path.join(CLIENT_ROOT, specifier.slice('@client/'.length)));
  if (specifier.startsWith('.')) return clientSegments(path.resolve(path.dirname(filename), specifier));
  return null;
}

/**
 * Client layering: a feature (src/client/features/A) never imports another feature (features/B), and
 * shared code (components/, api/) never imports any feature. What several features need lives in
 * components/ or api/; the app layer (app/) is where features are put together.
 */
const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports from one client feature into another, and from shared client code into features.' },
    schema: [],
    messages: {
      crossFeature:
        "features/{{from}} must not import from features/{{to}}: move what both need to src/client/components or src/client/api, or compose them in src/client/app.",
      sharedToFeature: 'src/client/{{layer}} is shared code and must not import from features/{{to}}.',
    },
  },
  create(context) {
    const own = clientSegments(context.filename);
    if (!own || !['features', 'components', 'api'].includes(own[0])) return {};
    const [layer, ownFeature] = own;
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = importedSegments(source.value, context.filename);
      if (!target || target[0] !== 'features') return;
      const to = target[1] ?? '';
      if (layer === 'features') {
        if (to !== ownFeature) context.report({ node: source, messageId: 'crossFeature', data: { from: ownFeature, to } });
      } else {
        context.report({ node: source, messageId: 'sharedToFeature', data: { layer, to } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // jest.mock('…') and friends name modules too.
      CallExpression: (node) => {
        const callee = node.callee;
        if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'jest') check(node.arguments[0]);
      },
    };
  },
};


/**
 * The server's floors, lowest first. A module may import only modules listed before it (so module
 * folders can never form a cycle), and only through their public face (`index.ts`). The ground floor
 * (lib/, db/, whatsapp/, config.ts, types.ts) and the framework (plugins/, api-description/) import no
 * module; app.ts, cli/ and seed/ put the modules together. Tests and test helpers may reach anywhere.
 */
const SERVER_MODULES = [
  'health', 'mail', 'roles', 'organizations', 'organization-settings', 'members', 'invitations', 'auth', 'member-preferences', 'member-presence',
  'timeline', 'tags', 'contacts', 'notes', 'contact-import', 'templates', 'canned-responses', 'whatsapp-settings', 'media',
  'broadcast-summary', 'conversations', 'live', 'automation', 'broadcasts', 'webhooks', 'report-rollups', 'reports', 'dashboard', 'api-docs', 'accounts',
];

const NO_INNER_HTML = { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Render untrusted text as text.' };

const NO_CLIENT_IN_SERVER = { group: ['**/client/**', '@client/*'], message: 'The server never imports client code.' };

const moduleIs = (names) => ({ type: 'module', captured: { name: names } });

const serverStructure = {
  files: ['src/server/**/*.ts'],
  ignores: ['**/*.test.ts', '**/testing/**', '**/*-fixtures.ts', '**/fixtures.ts'],
  plugins: { boundaries },
  settings: {
    'import/resolver': { node: { extensions: ['.ts', '.js'] } },
    'boundaries/include': ['src/server/**/*.ts'],
    'boundaries/elements': [
      { type: 'module', pattern: 'src/server/modules/*', capture: ['name'] },
      { type: 'ground', pattern: 'src/server/{lib,db,whatsapp}' },
      { type: 'framework', pattern: 'src/server/{plugins,api-description}' },
      { type: 'composition', pattern: 'src/server/{cli,seed}' },
    ],
  },
  rules: {
    'boundaries/dependencies': ['error', {
      default: 'allow',
      policies: [
        {
          from: { element: { types: ['ground', 'framework'] } },
          disallow: { to: { element: { types: ['module', 'composition'] } } },
          message: 'The ground floor and the framework never import a module: pass what they need in from app.ts, or move the code into the module.',
        },
        {
          from: { element: { type: 'ground' } },
          disallow: { to: { element: { type: 'framework' } } },
          message: 'lib/, db/ and whatsapp/ never import plugins/ or api-description/.',
        },
        ...SERVER_MODULES.map((name, rank) => ({
          from: { element: moduleIs(name) },
          disallow: { to: { element: moduleIs(SERVER_MODULES.filter((other, i) => i > rank)) } },
          message: `modules/${name} may import only the modules listed before it in SERVER_MODULES (.eslint.config.mjs): modules/{{to.element.captured.name}} is above it.`,
        })),
        {
          disallow: { to: { element: { type: 'module', internalPath: '!index.ts' } } },
          message: "Import another module through its public face (modules/{{to.element.captured.name}}/index.ts), not its files.",
        },
      ],
    }],
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'src/server/db/migrations/**', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Every async check must be awaited (or explicitly voided).
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', NO_INNER_HTML],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { parley: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '@server/*', '@sandbox/*'], message: 'The client never imports server code.' }] }],
      'parley/feature-boundaries': 'error',
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/client/**', '@server/*', '@client/*', '@mui/*', 'react'], message: 'src/shared holds only pure TypeScript and yup.' }] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NO_CLIENT_IN_SERVER] }],
    },
  },
  // The files at the top of src/server: config.ts and types.ts are ground floor; app.ts, like cli/ and
  // seed/, reaches modules through their public faces only.
  {
    files: ['src/server/config.ts', 'src/server/types.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NO_CLIENT_IN_SERVER, { group: ['./modules/**', './plugins/**', './api-description/**'], message: 'config.ts and types.ts are ground floor: they import no module, plugin or API description.' }] }],
    },
  },
  {
    files: ['src/server/modules/*/index.ts'],
    rules: {
      'no-restricted-syntax': ['error', NO_INNER_HTML, {
        selector: 'ExportNamedDeclaration[source.value=/repository/], ExportAllDeclaration[source.value=/repository/]',
        message: "A module's repositories are private: other modules call its services, so export from the service.",
      }],
    },
  },
  {
    files: ['src/server/app.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NO_CLIENT_IN_SERVER, { group: ['./modules/*/*'], message: "Import a module through its public face (its index.ts), not its files." }] }],
    },
  },
  serverStructure,
  {
    files: ['**/*.test.{ts,tsx}', 'src/e2e/**', 'src/bench/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
