import { promises as fs } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { SourceFile } from './asset-preparation';

/**
 * A folder as an asset tree: every file under it, by its path relative to the folder. Hidden files and folders
 * (`.DS_Store`, `.git`) are skipped; anything else that is not an asset is refused when the tree is prepared.
 */
export const readAssetFolder = async (root: string): Promise<SourceFile[]> => {
  const files: SourceFile[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      const target = entry.isSymbolicLink() ? await fs.stat(full) : entry;
      if (target.isDirectory()) await walk(full);
      else if (target.isFile()) files.push({ path: `/${relative(root, full).split(sep).join('/')}`, data: await fs.readFile(full) });
    }
  };
  const stat = await fs.stat(root).catch(() => null);
  if (!stat?.isDirectory()) throw new Error(`${root} is not a folder.`);
  await walk(root);
  return files;
};

/** Writes files under a folder (creating sub-folders), each by its tree path; existing files are replaced. */
export const writeAssetFolder = async (root: string, files: ReadonlyArray<{ path: string; data: Buffer }>): Promise<void> => {
  for (const file of files) {
    const target = join(root, ...file.path.replace(/^\/+/, '').split('/'));
    await fs.mkdir(dirname(target), { recursive: true });
    await fs.writeFile(target, file.data);
  }
};
