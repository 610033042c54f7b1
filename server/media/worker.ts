// The image worker: a short-lived child process of the server (server/media/library.ts). It
// reads a JSON array of jobs on stdin, runs them one after the other and writes one JSON line per
// job on stdout, then exits. Decoding and encoding photos leaves libvips' and the C allocator's
// memory behind (RSS grows from one photo to the next in a long-lived process): a process per
// batch gives all of it back to the system when it ends, and keeps the server's own memory flat.
import { configureSharp, previewImage, processImage } from './pipeline.ts';
import type { PipelineJob } from './rules.ts';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

configureSharp();
const jobs = JSON.parse(await readStdin()) as PipelineJob[];
for (const job of jobs) {
  const outcome = job.preview ? await previewImage({ ...job, preview: job.preview }) : await processImage(job);
  process.stdout.write(`${JSON.stringify(outcome)}\n`);
}
