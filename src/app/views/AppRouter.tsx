import { useEffect } from 'react';
import { BrowserRouter, useLocation, useNavigate, useRoutes } from 'react-router-dom';
import type { RouterLink } from '../routerLink';

/** Hands the router's navigate and address to the code outside React (see routerLink.ts). */
function RouterBridge(props: { link: RouterLink }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { link } = props;
  // effect: the bridge to react-router (a third-party router): machines navigate through the link.
  useEffect(() => {
    link.attach((to) => void navigate(to));
    return () => link.attach(undefined);
  }, [link, navigate]);
  // effect: tells the link where the router is (react-router owns the address).
  useEffect(() => link.located(pathname), [link, pathname]);
  return null;
}

function AppRoutes(props: { link: RouterLink }) {
  return useRoutes(props.link.routes);
}

/**
 * The site's routes in react-router's declarative mode. Without transitions, as the data router
 * behaved: a page whose code is still loading shows its loading state at once instead of holding
 * the previous page on screen.
 */
export function AppRouter(props: { link: RouterLink }) {
  return (
    <BrowserRouter useTransitions={false}>
      <RouterBridge link={props.link} />
      <AppRoutes link={props.link} />
    </BrowserRouter>
  );
}
