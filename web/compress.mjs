// Writes FILE.br and FILE.gz beside each FILE named on the command line, for servers that send a precompressed copy
// to the browsers that take it (fanorona-server, docs/DEPLOYMENT.md): brotli at its best setting (quality 11 and the
// largest window a browser decodes, 16 MB, as `brotli --best` does) and gzip at level 9 (`gzip -9`). Node's own zlib,
// so that the build needs no other program.
import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

for (const file of process.argv.slice(2)) {
  const data = readFileSync(file);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gz);
  console.log(`${file}: ${data.length} bytes, ${gz.length} gzipped, ${br.length} with brotli`);
}
