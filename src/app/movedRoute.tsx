import { Navigate, useLocation } from 'react-router-dom';

/**
 * An address a product answers under another prefix (a short /helpcenter for /user/helpcenter):
 * the same address under `prefix`, its parameters, query and fragment kept, in place of the 404
 * page. Only the address moves: the real route's guard (a /user page asks a visitor to sign in)
 * still decides what is shown.
 */
export function MovedUnder(props: { prefix: string }) {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={`${props.prefix}${pathname}${search}${hash}`} replace />;
}
