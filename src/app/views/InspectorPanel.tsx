import { useSyncExternalStore } from 'react';
import styled from 'styled-components';
import type { LocalInspector } from '../../inspection';

const Box = styled.aside`
  position: fixed;
  right: 8px;
  bottom: 8px;
  width: 460px;
  max-height: 45vh;
  overflow: auto;
  z-index: 300;
  background: #0d1117ee;
  color: #c9d1d9;
  border: 1px solid #30363d;
  border-radius: 6px;
  font: 11px/1.4 ui-monospace, monospace;
  padding: 8px 10px;
  h2 { font-size: 12px; margin: 0 0 6px; }
  table td { padding: 1px 6px 1px 0; vertical-align: top; }
  .ev { color: #79c0ff; }
`;

/** The offline XState inspector (?inspect=local): live state per actor and the latest events. */
export function InspectorPanel(props: { inspector: LocalInspector }) {
  const { inspector } = props;
  const records = useSyncExternalStore(inspector.subscribe, () => inspector.records().length);
  const states = [...inspector.states().entries()];
  const recent = inspector.records().slice(-40).reverse();
  return (
    <Box aria-label="XState inspector" data-records={records}>
      <h2>Actors</h2>
      <table>
        <tbody>
          {states.map(([id, value]) => (
            <tr key={id}>
              <td>{id}</td>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Events</h2>
      <table>
        <tbody>
          {recent
            .filter((r) => r.kind === 'event')
            .map((r, i) => (
              <tr key={`${r.at}-${i}`}>
                <td>{r.actorId}</td>
                <td className="ev">{r.type}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </Box>
  );
}
