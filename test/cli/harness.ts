// Runs the CLI in-process against an in-memory file system.
import { runCli, type CliDeps, type RunScenario } from '../../src/cli/cli.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `run`: the simulator, or `{ load }` to control how it is loaded. */
export async function cli(argv: string[], files: Record<string, string>, run: RunScenario | { load: () => Promise<RunScenario> }): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const deps: CliDeps = { loadRunner: typeof run === 'function' ? async () => run : run.load };
  const code = await runCli(
    argv,
    {
      stdout: (t) => void (stdout += t),
      stderr: (t) => void (stderr += t),
      readFile: async (path) => {
        if (path.endsWith('/')) throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read`), { code: 'EISDIR' });
        const text = files[path];
        if (text === undefined) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: 'ENOENT' });
        return text;
      },
    },
    deps,
  );
  return { code, stdout, stderr };
}
