// A clock that a test moves, for a server in a child process (the client tests' API server, the
// crash and several-processes tests, e2e): real time plus an offset, which the test process moves
// forward over the child's IPC channel (spawn with stdio 'ipc'). Only test launchers install it
// (src/test/apiServerProcess.mjs, server/test/clockedServer.ts): `npm start` has no IPC channel,
// no route and no variable that reaches it.
import type { ChildProcess } from 'node:child_process';

interface Advance {
  /** Moves the clock this many milliseconds forward. */
  advanceClockMs?: number;
  /** Sets the clock to this moment (milliseconds since the epoch), from which it runs on. */
  setClockMs?: number;
}
interface Advanced {
  clockOffsetMs: number;
}

const isAdvance = (message: unknown): message is Advance =>
  typeof (message as Advance | null)?.advanceClockMs === 'number' || typeof (message as Advance | null)?.setClockMs === 'number';
const isAdvanced = (message: unknown): message is Advanced => typeof (message as Advanced | null)?.clockOffsetMs === 'number';

/** In the child: the clock for AppConfig.now, `offsetMs` ahead of real time, moved by the parent. */
export function childClock(offsetMs = 0): () => number {
  let offset = offsetMs;
  process.on('message', (message) => {
    if (!isAdvance(message)) return;
    if (message.setClockMs !== undefined) offset = message.setClockMs - Date.now();
    else offset += message.advanceClockMs ?? 0;
    process.send?.({ clockOffsetMs: offset } satisfies Advanced);
  });
  return () => Date.now() + offset;
}

/** In the test: moves the child's clock `ms` forward; resolves once the child uses the new time (or has exited). */
export const advanceChildClock = (child: ChildProcess, ms: number): Promise<void> => moveChildClock(child, { advanceClockMs: ms });

/** In the test: sets the child's clock to the moment `epochMs` (it runs on from there); resolves once the child uses it. */
export const setChildClock = (child: ChildProcess, epochMs: number): Promise<void> => moveChildClock(child, { setClockMs: epochMs });

function moveChildClock(child: ChildProcess, move: Advance): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      child.off('message', onMessage);
      child.off('exit', done);
      resolve();
    };
    const onMessage = (message: unknown) => {
      if (isAdvanced(message)) done();
    };
    child.on('message', onMessage);
    child.once('exit', done);
    child.send(move, (error) => {
      if (error) {
        child.off('message', onMessage);
        child.off('exit', done);
        reject(error);
      }
    });
  });
}
