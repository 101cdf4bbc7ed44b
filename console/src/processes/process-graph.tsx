import dagre from '@dagrejs/dagre';
import { Box } from '@mui/material';

export interface ProcessTransition {
  name: string;
  from: string | null;
  to: string;
  actor: string | null;
  timed: boolean;
}

const NODE_W = 170;
const NODE_H = 36;
const short = (name: string) => name.replace(/^(state|transition)\//, '');

/**
 * A process version's states and transitions as a graph, laid out by dagre (a maintained layered-graph layout) and
 * drawn as SVG: states are boxes, transitions arrows labelled with their name and who takes them (or "timed").
 */
export const ProcessGraph = ({ transitions }: { transitions: ProcessTransition[] }) => {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'TB', nodesep: 40, ranksep: 60, edgesep: 20 });
  g.setDefaultEdgeLabel(() => ({}));
  const START = '(start)';
  for (const t of transitions) {
    const from = t.from ?? START;
    for (const state of [from, t.to]) if (!g.hasNode(state)) g.setNode(state, { label: short(state), width: state === START ? 60 : NODE_W, height: NODE_H });
    g.setEdge(from, t.to, { label: `${short(t.name)} (${t.timed ? 'timed' : (t.actor ?? '?')})`, width: 150, height: 16, labelpos: 'c' }, t.name);
  }
  dagre.layout(g);
  const { width = 0, height = 0 } = g.graph();
  return (
    <Box sx={{ overflow: 'auto', maxWidth: '100%', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <svg width={width + 20} height={height + 20} role="img" aria-label="Process graph: states and transitions">
        <defs>
          <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill="#555" />
          </marker>
        </defs>
        <g transform="translate(10,10)">
          {g.edges().map((e) => {
            const edge = g.edge(e) as { points: { x: number; y: number }[]; label: string; x: number; y: number };
            const d = edge.points.map((p, i) => `${i === 0 ? 'M' : 'L'} ${p.x} ${p.y}`).join(' ');
            return (
              <g key={`${e.v}-${e.w}-${e.name}`}>
                <path d={d} fill="none" stroke="#555" markerEnd="url(#arrow)" />
                <text x={edge.x} y={edge.y} fontSize="11" textAnchor="middle" fill="#1565c0">{edge.label}</text>
              </g>
            );
          })}
          {g.nodes().map((id) => {
            const n = g.node(id) as { x: number; y: number; width: number; height: number; label: string };
            return (
              <g key={id}>
                <rect x={n.x - n.width / 2} y={n.y - n.height / 2} width={n.width} height={n.height} rx={8} fill="#fff" stroke="#333" />
                <text x={n.x} y={n.y + 4} fontSize="12" textAnchor="middle">{n.label}</text>
              </g>
            );
          })}
        </g>
      </svg>
    </Box>
  );
};
