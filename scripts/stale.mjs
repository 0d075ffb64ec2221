// "Build what is stale": an output is stale when any of its inputs is newer than its stamp file.
import { readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

function newestMtime(path) {
  let info;
  try {
    info = statSync(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function isStale(stampFile, inputs) {
  let stamp;
  try {
    stamp = statSync(stampFile).mtimeMs;
  } catch {
    return true;
  }
  return inputs.some((input) => newestMtime(input) > stamp);
}

export function touchStamp(stampFile) {
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, new Date().toISOString() + '\n');
}
