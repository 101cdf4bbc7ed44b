import { Alert, Box, Button, Card, CardContent, List, ListItemButton, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { integration } from '../api/integration';
import { lineDiff } from '../layout/line-diff';

interface AssetVersion {
  id: string;
  version: string;
  number: number;
  publishedAt: string;
  files: number;
  added: number;
  modified: number;
  removed: number;
  latest: boolean;
}

interface TreeFile {
  path: string;
  kind: 'json' | 'image';
  hash: string;
}

interface Tree {
  version: string;
  number: number;
  files: TreeFile[];
}

type Resource<T> = { id: string; type: string; attributes: T };

const readTree = (version: string) => integration<Resource<Tree>>('x-assets/tree', { version }).then(({ data }) => data.attributes);
const readText = (path: string, version: string) => integration<Resource<{ text: string }>>('x-assets/file', { path, version }).then(({ data }) => data.attributes.text);

/** What differs between two trees, by content hash: paths added, removed and changed (from `from` to `to`). */
const treeDiff = (from: Tree, to: Tree) => {
  const before = new Map(from.files.map((f) => [f.path, f.hash]));
  const after = new Map(to.files.map((f) => [f.path, f.hash]));
  return {
    added: [...after.keys()].filter((p) => !before.has(p)),
    removed: [...before.keys()].filter((p) => !after.has(p)),
    changed: [...after.keys()].filter((p) => before.has(p) && before.get(p) !== after.get(p)),
  };
};

const DiffView = ({ before, after, label }: { before: string; after: string; label: string }) => (
  <Box component="pre" aria-label={label} sx={{ fontSize: 12, overflowX: 'auto', bgcolor: 'action.hover', p: 1, maxHeight: 480 }}>
    {lineDiff(before, after)
      .filter((l) => l.kind !== 'same')
      .map((l, i) => (
        <Box key={i} component="span" sx={{ display: 'block', color: l.kind === 'added' ? 'success.main' : 'error.main' }}>{`${l.kind === 'added' ? '+' : '-'} ${l.text}`}</Box>
      ))}
  </Box>
);

/**
 * The marketplace's asset tree (x-assets): its versions, newest first; a version's files; a JSON asset's text; the
 * difference between two versions (paths, then a changed JSON file line by line); and editing a JSON asset of the
 * latest version, published as a new version (the Asset Delivery API's `latest` alias moves to it).
 */
export const AssetsPage = () => {
  const notify = useNotify();
  const [versions, setVersions] = useState<AssetVersion[]>([]);
  const [version, setVersion] = useState('');
  const [compareTo, setCompareTo] = useState('');
  const [tree, setTree] = useState<Tree | null>(null);
  const [other, setOther] = useState<Tree | null>(null);
  const [path, setPath] = useState<string | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [otherText, setOtherText] = useState<string | null>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const [draftProblem, setDraftProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const readVersions = useCallback(
    () =>
      integration<Resource<AssetVersion>[]>('x-assets/versions', { perPage: 100 })
        .then(({ data }) => {
          const list = data.map((v) => ({ ...v.attributes, id: v.id }));
          setVersions(list);
          setVersion((current) => current || list[0]?.version || '');
        })
        .catch((error: Error) => setProblem(error.message)),
    [],
  );
  useEffect(() => void readVersions(), [readVersions]);
  useEffect(() => {
    if (version) readTree(version).then(setTree, (error: Error) => setProblem(error.message));
  }, [version]);
  useEffect(() => {
    if (compareTo) readTree(compareTo).then(setOther, (error: Error) => setProblem(error.message));
    else setOther(null);
  }, [compareTo]);
  useEffect(() => {
    setDraft(null);
    setText(null);
    setOtherText(null);
    if (!path || !version) return;
    void readText(path, version).then(setText, (error: Error) => setProblem(error.message));
    if (compareTo && other?.files.some((f) => f.path === path)) void readText(path, compareTo).then(setOtherText, () => setOtherText(''));
  }, [path, version, compareTo, other]);

  const diff = useMemo(() => (tree && other ? treeDiff(other, tree) : null), [tree, other]);
  const isLatest = versions[0]?.version === version;
  const selected = tree?.files.find((f) => f.path === path) ?? null;

  const publish = async () => {
    setDraftProblem(null);
    let content: unknown;
    try {
      content = JSON.parse(draft ?? '');
    } catch (error) {
      setDraftProblem(`Not JSON: ${(error as Error).message}`);
      return;
    }
    try {
      const { data } = await integration<Resource<{ published: boolean; version: string; number: number }>>('x-assets/update_json', { expand: true }, { path, content });
      if (!data.attributes.published) notify('Nothing changed: no new version', { type: 'info' });
      else notify(`Published version #${data.attributes.number}`, { type: 'success' });
      setVersion('');
      setDraft(null);
      await readVersions();
      setVersion(data.attributes.version);
    } catch (error) {
      setDraftProblem((error as Error).message);
    }
  };

  return (
    <Card sx={{ mt: 1 }}>
      <Title title="Assets" />
      <CardContent>
        {problem && <Alert severity="error" role="alert">{problem}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField select size="small" label="Version" sx={{ minWidth: 260 }} value={version} onChange={(e) => setVersion(e.target.value)}>
            {versions.map((v) => (
              <MenuItem key={v.version} value={v.version}>{`#${v.number} ${new Date(v.publishedAt).toLocaleString()}${v.latest ? ' (latest)' : ''}`}</MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label="Compare with" sx={{ minWidth: 260 }} value={compareTo} onChange={(e) => setCompareTo(e.target.value)}>
            <MenuItem value="">Nothing</MenuItem>
            {versions.filter((v) => v.version !== version).map((v) => <MenuItem key={v.version} value={v.version}>{`#${v.number}`}</MenuItem>)}
          </TextField>
        </Stack>
        {diff && (
          <Box sx={{ mb: 2 }} aria-label="Changes between the versions" role="region">
            <Typography variant="subtitle1" component="h2">Changes from #{other?.number} to #{tree?.number}</Typography>
            {diff.added.length + diff.removed.length + diff.changed.length === 0 && <Typography>No file differs.</Typography>}
            {diff.added.map((p) => <Typography key={p} sx={{ color: 'success.main' }}>{`+ ${p}`}</Typography>)}
            {diff.changed.map((p) => <Typography key={p}>{`~ ${p}`}</Typography>)}
            {diff.removed.map((p) => <Typography key={p} sx={{ color: 'error.main' }}>{`- ${p}`}</Typography>)}
          </Box>
        )}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Box sx={{ minWidth: 280 }}>
            <Typography variant="subtitle1" component="h2">Files of #{tree?.number}</Typography>
            <List dense aria-label="Asset files">
              {tree?.files.map((f) => (
                <ListItemButton key={f.path} selected={f.path === path} disabled={f.kind !== 'json'} onClick={() => setPath(f.path)}>
                  <ListItemText primary={f.path} secondary={f.kind === 'image' ? 'image' : diff?.changed.includes(f.path) ? 'changed' : undefined} />
                </ListItemButton>
              ))}
            </List>
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            {selected && text !== null && (
              <>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                  <Typography variant="subtitle1" component="h2">{selected.path}</Typography>
                  {isLatest && draft === null && <Button size="small" variant="outlined" onClick={() => setDraft(text)}>Edit</Button>}
                </Stack>
                {draft !== null ? (
                  <>
                    <TextField
                      label={`Edit ${selected.path}`}
                      multiline
                      fullWidth
                      minRows={12}
                      maxRows={30}
                      value={draft}
                      onChange={(e) => setDraft(e.target.value)}
                      error={draftProblem !== null}
                      helperText={draftProblem ?? 'Publishing makes a new version with this file changed; every other file stays as it is.'}
                      slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 12 } } }}
                    />
                    <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
                      <Button variant="contained" onClick={publish}>Publish</Button>
                      <Button onClick={() => setDraft(null)}>Cancel</Button>
                    </Stack>
                  </>
                ) : otherText !== null ? (
                  <DiffView before={otherText} after={text} label={`Changes of ${selected.path}`} />
                ) : (
                  <Box component="pre" aria-label={`Text of ${selected.path}`} sx={{ fontSize: 12, overflowX: 'auto', bgcolor: 'action.hover', p: 1, maxHeight: 480 }}>{text}</Box>
                )}
              </>
            )}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
};
