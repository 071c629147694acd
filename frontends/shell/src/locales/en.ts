// The shell's strings in English, the reference: az and ru have exactly these keys (checked by the types and
// locales.spec.ts). Each language is its own chunk, loaded when the shell namespace is first needed.
const en = {
  skipToContent: 'Skip to content',
  nav: {
    label: 'Main navigation',
    signIn: 'Sign in',
    register: 'Register',
    signOut: 'Sign out',
    account: 'Account',
  },
  search: {
    placeholder: 'Search…',
    submit: 'Search',
  },
  theme: {
    label: 'Theme',
    dark: 'Dark',
    light: 'Light',
    system: 'System',
    toggle: 'Theme: {{current}}. Switch to {{next}}',
  },
  language: {
    label: 'Language',
  },
  user: {
    rating: 'Rating: {{tier}}',
    signedInAs: 'Signed in as {{name}}',
    tiers: {
      bad: 'Bad',
      guest: 'Guest',
      amateur: 'Amateur',
      pro: 'Pro',
      leader: 'Leader',
    },
  },
  cookie: {
    label: 'Cookie consent',
    message: 'We use cookies to keep you signed in and to understand how the site is used.',
    learnMore: 'Cookie policy',
    accept: 'Accept',
  },
  login: {
    title: 'Sign in',
    login: 'Email or username',
    password: 'Password',
    submit: 'Sign in',
    submitting: 'Signing in…',
    noAccount: 'No account yet?',
    register: 'Create one',
  },
  register: {
    title: 'Create an account',
    email: 'Email',
    username: 'Username',
    usernameHint: '3–32 characters: Latin letters, digits and underscores, starting with a letter.',
    fullname: 'Full name',
    password: 'Password',
    passwordHint: '8–128 characters with at least one letter and one digit, no spaces.',
    acceptTerms: 'I accept the <doc>user agreement</doc>',
    acceptPrivacy: 'I accept the <doc>privacy policy</doc>',
    submit: 'Create account',
    submitting: 'Creating the account…',
    haveAccount: 'Already have an account?',
    signIn: 'Sign in',
  },
  validation: {
    required: 'This field is required.',
    email: 'Enter a valid email address.',
    emailLength: 'The email address must be at most 254 characters.',
    usernameLength: 'The username must be 3 to 32 characters long.',
    usernameChars: 'Use Latin letters, digits and underscores only, starting with a letter.',
    passwordLength: 'The password must be 8 to 128 characters long.',
    passwordChars: 'Use Latin letters, digits and symbols only, without spaces.',
    passwordLetterDigit: 'The password needs at least one letter and one digit.',
    fullnameLength: 'The full name must be 2 to 64 characters long.',
    fullnameChars: 'The full name cannot contain < or > or control characters.',
    agreement: 'You need to accept this to register.',
  },
  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for does not exist or has been moved.',
    home: 'Go to the home page',
  },
  serverError: {
    title: 'Internal server error',
    text: 'Something went wrong on our side. Please try again a little later.',
    reload: 'Reload the page',
  },
  cookiesPage: {
    title: 'Cookie policy',
    intro:
      'Pencraft stores a few small pieces of data in your browser so that the site works and remembers your choices.',
    necessary:
      'Necessary: the session cookie keeps you signed in for up to 30 days, and a security cookie protects your forms from forgery.',
    preferences: 'Preferences: your theme, language and cookie choice are kept in the local storage of your browser.',
    analytics:
      'Analytics: only after you accept, we count page views to improve the platform. On publication subdomains analytics stays off.',
  },
  aboutPage: {
    title: 'About Pencraft',
    text: 'Pencraft is a professional environment for an open exchange of experience: authors write articles with a block editor and readers find, read and discuss them in Azerbaijani, English and Russian.',
    stats: 'Over 150,000 views and counting.',
  },
  footer: {
    about: 'About',
    cookies: 'Cookies',
  },
};

export type ShellMessages = typeof en;
export default en;
