import path from 'node:path';

/**
 * How the client's code is cut into files (issue 32: the home on a slow phone), used by
 * vite.config.ts at build time, in Node. Left to itself the bundler cut the code the first page
 * and the member's home run into some fifty small chunks, shared in different ways by the lazy
 * pages: each a request of its own on a 150 ms line, and a phone spent 30 ms (120 ms on
 * Lighthouse's slow phone) only starting the home's forty at once. Two groups instead:
 * - `start`: everything the first page imports statically (the login page, the router, React,
 *   i18next): one file with the entry;
 * - `member-home` (MEMBER_HOME_CHUNK): the member shell and the home with everything they import
 *   statically, except the console's schemas the contract's index re-exports (they stay with the
 *   console). The other member pages bring only their own code beside it; the lobby, the chat's
 *   panel and the other lazy parts stay chunks of their own.
 */
export const MEMBER_HOME_CHUNK = 'member-home';
/**
 * The contract's schemas with zod: building them is the heaviest part of the member home's start,
 * so the app imports them on their own first (App.tsx startMemberPage), evaluated in a task of
 * their own rather than in one long task with the home's code.
 */
export const CONTRACT_CHUNK = 'contract';

/** The modules that open the member's home; what they import statically joins them. */
export const MEMBER_HOME_ROOTS = ['src/client/shells/MemberShell.tsx', 'src/client/screens/HomeScreen.tsx'] as const;
/**
 * What the public pages load on their own while a visitor reads them (the chat button, once
 * /login is idle): a file of its own (CHAT_BUTTON_CHUNK), never inside the member's home, or
 * /login would download all of it.
 */
export const CHAT_BUTTON_CHUNK = 'chat-button';
const PUBLIC_PAGE_ROOTS = ['src/client/chat/ChatLauncher.tsx'] as const;

/** The group chunks built around source modules, for the tools that read the build's manifest. */
export const GROUP_ROOTS: Readonly<Record<string, readonly string[]>> = {
  [MEMBER_HOME_CHUNK]: MEMBER_HOME_ROOTS,
  [CHAT_BUTTON_CHUNK]: PUBLIC_PAGE_ROOTS,
};

interface ModuleGraph {
  getModuleInfo: (id: string) => { importedIds: readonly string[] } | null;
}

/** Every module `roots` import statically, stopping at the console's schemas. */
function staticallyReached(roots: readonly string[], graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const queue = roots.map((file) => path.resolve(file));
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (seen.has(next) || next.includes('/src/contract/admin/')) continue;
    seen.add(next);
    queue.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
  }
  return seen;
}

/** The contract (its schemas and zod). */
const isContract = (id: string) => /\/src\/contract\/|\/node_modules\/zod\//.test(id);

/**
 * Names the modules of a group (null: not this group's), learning the graph at the first module
 * asked about: the contract's modules the first page does not run, and the member home's others.
 */
const groupOf = (wanted: (id: string, reached: Reached) => boolean, name: string) => {
  let reached: Reached | null = null;
  return (id: string, graph: ModuleGraph): string | null => {
    reached ??= {
      first: staticallyReached(['src/client/main.tsx'], graph),
      publicPages: staticallyReached(PUBLIC_PAGE_ROOTS, graph),
      home: staticallyReached(MEMBER_HOME_ROOTS, graph),
    };
    return wanted(id, reached) ? name : null;
  };
};

interface Reached {
  /** The first page's modules (the entry's static closure). */
  first: Set<string>;
  publicPages: Set<string>;
  home: Set<string>;
}

/** rolldown's output.codeSplitting: the first page's group wins a module both would take. */
export const codeSplitting = () => ({
  groups: [
    { name: 'start', tags: ['$initial' as const], priority: 3 },
    { name: groupOf((id, { first }) => isContract(id) && !first.has(id) && !id.includes('/src/contract/admin/'), CONTRACT_CHUNK), priority: 2 },
    // Before the member's home takes it (a group takes what its modules import, too).
    { name: groupOf((id, { first, publicPages }) => publicPages.has(id) && !first.has(id), CHAT_BUTTON_CHUNK), priority: 2 },
    { name: groupOf((id, { first, home }) => home.has(id) && !first.has(id), MEMBER_HOME_CHUNK), priority: 1 },
  ],
});
