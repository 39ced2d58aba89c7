import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-la/**', 'node_modules/**', 'data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // The floors of ARCHITECTURE.md, kept by lint: each imports only from those below it.
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^(react|react-dom|@xstate/react|axios|pixi\\.js|@pixi/.*|three|@react-three/.*|howler|socket\\.io-client)(/.*)?$', message: 'Machines are framework-free: what they do to the world is an actor the app provides.' },
        { regex: '(^|/)src/(client|server)(/|$)', message: 'Machines import neither the client nor the server.' },
      ] }],
    },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '(^|/)(client|server)(/|$)', message: 'The contract is shared by both sides and imports neither.' },
      ] }],
    },
  },
  {
    // The simulators stand in for the outside companies, as the providers speak to them: neither knows our modules.
    files: ['src/server/providers/**/*.ts', 'src/server/sandbox/simulators/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '(^|/)modules(/|$)', message: 'Providers and the sandbox simulators speak for the outside world; they import no module.' },
      ] }],
    },
  },
  {
    // Adapters are chosen once (src/server/adapters.ts) and reach the modules through the app context.
    files: ['src/server/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '(^|/)sandbox(/|$)', message: 'Modules import no sandbox code: adapters.ts chooses the simulators, sandbox/routes mounts their routes.' },
      ] }],
    },
  },
);
