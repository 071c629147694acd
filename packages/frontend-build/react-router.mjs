// What the frontends use of react-router, and nothing more: the shared `react-router` singleton is this module.
// A shared module is kept whole (Module Federation cannot know what other builds will import from it), and
// react-router's index also carries its data and framework modes (loaders, actions, fetchers, server rendering,
// RSC), about 64 KB of gzip the first article view does not need. Re-exported by name, the rest is tree-shaken.
// A name missing here fails the build of the frontend that imports it (strictExportPresence).
export {
  BrowserRouter,
  createSearchParams,
  generatePath,
  Link,
  matchPath,
  MemoryRouter,
  Navigate,
  NavLink,
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
  useSearchParams,
} from 'pencraft-react-router-full';
