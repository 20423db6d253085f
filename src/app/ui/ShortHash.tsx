/** A hash shown short (its first and last characters, enough to find it on a chain's explorer), whole on hover and for copying. */
export function ShortHash(props: { hash: string }) {
  const short = props.hash.length > 14 ? `${props.hash.slice(0, 8)}…${props.hash.slice(-4)}` : props.hash || '—';
  return (
    <code title={props.hash} data-hash={props.hash}>
      {short}
    </code>
  );
}
