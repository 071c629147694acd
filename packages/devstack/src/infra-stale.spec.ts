import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { outputGoesToFile } from './infra.ts';

// A stripe-mock started before its output went through the redacting sed writes to its log file directly: startInfra
// takes it for stale (restarts it) when its standard output goes straight into a file.
describe('outputGoesToFile', () => {
  it('tells a process writing into a pipe from one writing into a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pencraft-stale-'));
    const file = openSync(join(dir, 'out.log'), 'a');
    const piped = spawn('sleep', ['30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const logged = spawn('sleep', ['30'], { stdio: ['ignore', file, 'ignore'] });
    try {
      expect(outputGoesToFile(piped.pid!)).toBe(false);
      expect(outputGoesToFile(logged.pid!)).toBe(true);
    } finally {
      piped.kill();
      logged.kill();
      closeSync(file);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves alone a process it cannot look at', () => {
    expect(outputGoesToFile(2 ** 30)).toBe(false);
  });
});
