import { spawn } from 'node:child_process';
import { SimlabError } from '../../../core/contract/index.js';

export interface ToolResult {
  stdout: Buffer;
  stderr: string;
}

export interface RunToolOptions {
  timeoutMs: number;
  /** Bytes written to the tool's stdin (e.g. `simctl pbcopy`). */
  input?: Buffer | string;
  env?: NodeJS.ProcessEnv;
  /** Turns a failed run (exit code and stderr) into the error the caller should see. */
  explain?: (failure: ToolFailure) => SimlabError;
}

export interface ToolFailure {
  tool: string;
  args: string[];
  exitCode: number | null;
  stderr: string;
}

const MAX_OUTPUT = 64 * 1024 * 1024;

function defaultExplain(f: ToolFailure): SimlabError {
  const said = f.stderr.trim().split('\n').slice(-3).join(' ').slice(0, 500);
  return new SimlabError('DEVICE_UNAVAILABLE', `${f.tool} ${f.args[0] ?? ''} failed (exit ${f.exitCode ?? 'signal'})${said ? `: ${said}` : ''}`, {
    details: { tool: f.tool, exit: f.exitCode },
  });
}

/**
 * Runs one command-line tool (xcrun, axe, idb) to completion with a deadline: a missing tool is
 * UNSUPPORTED with an install hint, a hang is killed and answered TIMEOUT-free as
 * DEVICE_UNAVAILABLE, never a hang of the session.
 */
export function runTool(tool: string, args: string[], options: RunToolOptions): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (error: SimlabError | null, result?: ToolResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(result as ToolResult);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(
        new SimlabError('DEVICE_UNAVAILABLE', `${tool} ${args[0] ?? ''} did not answer within ${options.timeoutMs} ms`, {
          hint: 'the simulator may be hung: shut it down and boot it again (`xcrun simctl shutdown <udid>`)',
          details: { tool, timeoutMs: options.timeoutMs },
        }),
      );
    }, options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT) {
        child.kill('SIGKILL');
        finish(new SimlabError('DEVICE_UNAVAILABLE', `${tool} ${args[0] ?? ''} wrote more than ${MAX_OUTPUT} bytes`));
        return;
      }
      out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') {
        finish(
          new SimlabError('UNSUPPORTED', `${tool} is not installed on this host`, {
            hint: tool === 'xcrun' ? 'install Xcode and run `xcode-select --install`' : `install ${tool} (see the README's Mac host section)`,
            details: { tool },
          }),
        );
      } else {
        finish(new SimlabError('DEVICE_UNAVAILABLE', `${tool} could not start: ${e.message}`, { details: { tool } }));
      }
    });
    child.on('close', (code) => {
      const stderr = Buffer.concat(err).toString('utf8');
      if (code === 0) finish(null, { stdout: Buffer.concat(out), stderr });
      else finish((options.explain ?? defaultExplain)({ tool, args, exitCode: code, stderr }));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

export { defaultExplain as explainToolFailure };
