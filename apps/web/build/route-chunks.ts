import path from 'node:path';

/** What Rolldown's `codeSplitting.groups[].name` function is given to read the module graph. */
interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** The first screens the app opens, by the source module of each (paths relative to apps/web). */
export interface RouteRoots {
  /** The entry (its static graph is the first page's own chunks). */
  entry: string;
  /** The pages a visitor without a session opens (the login). */
  public: string[];
  /** The signed-in shell (the /pages layout) and the landing page of each role. */
  signedIn: string[];
}

interface Reach {
  initial: Set<string>;
  public: Set<string>;
  signedIn: Set<string>;
}

/**
 * Chunk groups that put what the first screens need into a few files instead of one per set of routes that
 * shares a module (75 files for the student's dashboard, issue 16). Over HTTP/1.1 a browser opens six
 * connections to a server, so each file beyond that costs a round trip on a phone's network.
 *
 * The web app's modules outside the entry's static graph (which has its own chunks) go to one chunk when a
 * public page imports them (`public`) and to `signed-in` when only the shell and the landing pages do; each group takes
 * the package modules its own modules use (Rolldown's `includeDependenciesRecursively`, which follows what
 * a module really imports from a package's index). The signed-in screens then also download the login's
 * chunk, since they share Mantine's inputs, buttons and alerts with it: a few KB of the login's own code ride
 * along, which costs less than splitting what both use from what only the login uses into another file.
 * Every other module is split by Rolldown as before, route by route.
 */
export function routeChunkGroups(webRoot: string, roots: RouteRoots) {
  const appSource = path.resolve(webRoot, 'src') + path.sep;
  let reach: Reach | undefined;

  // Rolldown calls `name` per module with the same graph for the whole build: walk it once.
  const reachOf = (ctx: ChunkingContext): Reach => {
    if (reach) return reach;
    const walk = (starts: string[]) => {
      const seen = new Set<string>();
      const stack = starts.map((p) => path.resolve(webRoot, p));
      while (stack.length > 0) {
        const id = stack.pop()!;
        if (seen.has(id)) continue;
        seen.add(id);
        // The web app's own modules only: a package's index (Mantine's, @arandu/shared's) re-exports all of
        // it, so walking into packages would reach every module of Mantine from any page.
        stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []).filter((dep) => dep.startsWith(appSource)));
      }
      return seen;
    };
    reach = { initial: walk([roots.entry]), public: walk(roots.public), signedIn: walk(roots.signedIn) };
    return reach;
  };

  const group = (name: string, priority: number, wants: (r: Reach, id: string) => boolean) => ({
    name: (id: string, ctx: ChunkingContext) => {
      const r = reachOf(ctx);
      return !r.initial.has(id) && wants(r, id) ? name : null;
    },
    debugName: name,
    priority,
  });

  return [group('public', 2, (r, id) => r.public.has(id)), group('signed-in', 1, (r, id) => r.signedIn.has(id))];
}
