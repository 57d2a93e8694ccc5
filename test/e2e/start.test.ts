/**
 * `npm start` stopped by a signal closes the Chromium it opened and the sandbox. Runs the real
 * command (headless, reusing the e2e build) and looks at the process tree under npm in /proc.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Every live process below `root`, from each process's parent id in /proc/<pid>/stat. */
function descendants(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) in parentheses: state, ppid, …
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      // The process ended while we looked.
    }
  }
  const found: number[] = [];
  let frontier = [root];
  while (frontier.length) {
    const children = [...parentOf].filter(([, ppid]) => frontier.includes(ppid)).map(([pid]) => pid);
    found.push(...children);
    frontier = children;
  }
  return found;
}

const alive = (pid: number) => {
  try {
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
};

function startScript(): { child: ChildProcess; output: () => string } {
  let output = '';
  // Through npm, as a user runs it: npm must hand the signal on to the script.
  const child = spawn('npm', ['start', '--silent', '--', '--headless', '--no-build'], {
    env: { ...process.env, SANDBOX_PORT: '8797' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function until(check: () => boolean, what: string, timeoutMs = 40_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    // eslint-disable-next-line no-restricted-syntax -- the pause between two looks of this bounded poll
    await new Promise((done) => setTimeout(done, 200));
  }
}

describe('npm start', () => {
  it('closes the Chromium it opened and the sandbox on SIGTERM', async () => {
    const { child, output } = startScript();
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    await until(() => output().includes('Chromium is open'), 'the browser to open');
    const browserProcesses = descendants(child.pid as number);
    expect(browserProcesses.length).toBeGreaterThan(0);
    expect((await fetch('http://127.0.0.1:8797/__sandbox/log')).ok).toBe(true);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output()).toContain('SIGTERM: closing the browser and the sandbox.');
    await until(() => browserProcesses.every((pid) => !alive(pid)), 'the browser processes to end', 10_000);
    await expect(fetch('http://127.0.0.1:8797/__sandbox/log')).rejects.toThrow();
  });
});
