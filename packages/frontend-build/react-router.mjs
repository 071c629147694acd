// What the frontends use of react-router, and nothing more: the shared `react-router` singleton is this module.
// A shared module is kept whole (Module Federation cannot know what other builds will import from it), and
// react-router's index also carries its data and framework modes (loaders, actions, fetchers, server rendering,
// RSC), about 64 KB of gzip the first article view does not need. Re-exported by name, the rest is tree-shaken.
// A name missing here fails the build of the frontend that imports it (strictExportPresence).
//
// BrowserRouter, Link, NavLink and useSearchParams are written here on the router's core (Router, useHref,
// useNavigate, useResolvedPath, the browser history) as react-router's declarative mode has them: react-router's
// own come from its DOM module, which brings its data router and route discovery along (about 6 KB of gzip more).
// Their props are the ones the frontends use (to, replace, state, relative, reloadDocument, target, end,
// caseSensitive, className and style as a string or a function of { isActive }, aria-current, children).
import { createElement, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  createPath,
  createSearchParams,
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  useHref,
  useLocation,
  useNavigate,
  useResolvedPath,
} from 'pencraft-react-router-full';

export {
  createSearchParams,
  generatePath,
  matchPath,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
} from 'pencraft-react-router-full';

/** The router of the page's address, on the History API. */
export function BrowserRouter({ basename, children }) {
  const history = useRef(null);
  if (history.current === null) history.current = createBrowserHistory({ v5Compat: true });
  const [state, setState] = useState(() => ({ action: history.current.action, location: history.current.location }));
  useLayoutEffect(() => history.current.listen(setState), []);
  return createElement(Router, {
    basename,
    children,
    location: state.location,
    navigationType: state.action,
    navigator: history.current,
  });
}

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** An address on this site as a path (`https://this.site/a/1?x#y` -> `/a/1?x#y`), else undefined. */
function sameOrigin(to) {
  if (typeof to !== 'string' || !ABSOLUTE_URL.test(to)) return to;
  const here = globalThis.location;
  if (!here) return undefined;
  try {
    const url = new URL(to, here.href);
    return url.origin === here.origin ? url.pathname + url.search + url.hash : undefined;
  } catch {
    return undefined;
  }
}

/** A link that navigates inside the app on a plain click (a modified click, another target: the browser's). */
export function Link({ ref, onClick, reloadDocument, replace, state, target, to, relative, ...rest }) {
  const inApp = sameOrigin(to);
  const href = useHref(inApp ?? '/', { relative });
  const navigate = useNavigate();
  const location = useLocation();
  const path = useResolvedPath(inApp ?? '/', { relative });
  const handleClick = (event) => {
    onClick?.(event);
    if (event.defaultPrevented || reloadDocument || inApp === undefined) return;
    if (event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    // A link to the page itself replaces its history entry, as react-router's does.
    navigate(inApp, {
      replace: replace !== undefined ? replace : createPath(location) === createPath(path),
      state,
      relative,
    });
  };
  return createElement('a', { ...rest, ref, href: inApp === undefined ? to : href, onClick: handleClick, target });
}

/** A Link that knows whether it is the current page: `aria-current`, the `active` class, or its functions. */
export function NavLink({
  'aria-current': ariaCurrent = 'page',
  caseSensitive = false,
  className = '',
  end = false,
  style,
  to,
  relative,
  children,
  ...rest
}) {
  const path = useResolvedPath(to, { relative });
  const location = useLocation();
  let current = location.pathname;
  let target = path.pathname;
  if (!caseSensitive) {
    current = current.toLowerCase();
    target = target.toLowerCase();
  }
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = current === target || (!end && current.startsWith(target) && current.charAt(slash) === '/');
  const props = { isActive, isPending: false, isTransitioning: false };
  return createElement(
    Link,
    {
      ...rest,
      to,
      relative,
      'aria-current': isActive ? ariaCurrent : undefined,
      className:
        typeof className === 'function'
          ? className(props)
          : [className, isActive ? 'active' : null].filter(Boolean).join(' '),
      style: typeof style === 'function' ? style(props) : style,
    },
    typeof children === 'function' ? children(props) : children,
  );
}

/** The address's query as URLSearchParams, and a function that navigates to a new one. */
export function useSearchParams(defaultInit) {
  const defaults = useRef(createSearchParams(defaultInit));
  const changed = useRef(false);
  const location = useLocation();
  const searchParams = useMemo(() => {
    const params = createSearchParams(location.search);
    if (!changed.current)
      for (const key of defaults.current.keys())
        if (!params.has(key)) for (const value of defaults.current.getAll(key)) params.append(key, value);
    return params;
  }, [location.search]);
  const navigate = useNavigate();
  const setSearchParams = useCallback(
    (next, options) => {
      const params = createSearchParams(typeof next === 'function' ? next(new URLSearchParams(searchParams)) : next);
      changed.current = true;
      navigate(`?${params}`, options);
    },
    [navigate, searchParams],
  );
  return [searchParams, setSearchParams];
}
