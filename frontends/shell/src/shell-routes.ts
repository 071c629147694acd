// The shell's own pages. system.json lists them (`frontends.shell.routes`) with every remote's, for the shell's
// server: a path no frontend declares answers 404 (routes.spec.ts keeps the two equal).
export const SHELL_ROUTES = [
  '/login',
  '/register',
  '/register/confirm',
  '/register/:step',
  '/confirm',
  '/confirm-email',
  '/deletion-cancelled',
  '/forgot',
  '/reset',
  '/cookies',
  '/cookies/settings',
  '/about',
  '/notifications',
] as const;

export type ShellRoute = (typeof SHELL_ROUTES)[number];
