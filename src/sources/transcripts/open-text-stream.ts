import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import * as zlib from 'node:zlib';
import { SourceError } from '../../core/index.js';

/** Files compressed with zstd (Codex's compressed rollouts): read through Node's own decompressor. */
export const isZstdPath = (path: string) => path.endsWith('.zst');

type ZstdZlib = { createZstdDecompress?: () => NodeJS.ReadWriteStream };

/**
 * A file's text in chunks of at most 64 KiB, decompressed on the way when it is a `.zst` file. A Node without
 * zstd (before 22.15) makes reading a `.zst` file a source_unreadable error naming the file.
 */
export function openTextStream(path: string): AsyncIterable<string> & { destroy(): void } {
  // Chunks stay under V8's large-object size, so they are freed by cheap young-generation collections.
  const file = createReadStream(
    path,
    isZstdPath(path) ? { highWaterMark: 64 * 1024 } : { encoding: 'utf8', highWaterMark: 64 * 1024 },
  );
  if (!isZstdPath(path)) return file as unknown as AsyncIterable<string> & { destroy(): void };
  const decompress = (zlib as ZstdZlib).createZstdDecompress;
  if (!decompress) {
    file.destroy();
    throw new SourceError('source_unreadable', `${path}: this Node has no zstd; Node 22.15 or later reads .zst files`, {
      field: path,
    });
  }
  const out = decompress() as NodeJS.ReadWriteStream & { destroy(): void };
  pipeline(file, out, () => {});
  out.setEncoding('utf8');
  const destroyOut = out.destroy.bind(out);
  return Object.assign(out as unknown as AsyncIterable<string>, {
    destroy: () => {
      file.destroy();
      destroyOut();
    },
  });
}
