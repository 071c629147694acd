// The staff badge grant's strings in English, the reference: az and ru have exactly these keys (checked by the types
// and badges.locales.spec.ts). The namespace `staffBadges` is the staff console's, loaded when first needed.
const en = {
  title: 'Badges',
  text: 'Grant a beta-tester or bug-hunter badge to a user. A badge is held once: granting it again changes nothing. The user is notified.',
  username: 'Username',
  badge: 'Badge',
  submit: 'Grant the badge',
  granted: '@{{username}} now has the {{badge}} badge.',
  already: '@{{username}} already had the {{badge}} badge.',
  errors: { username: 'Enter the username.' },
  names: { 'beta-tester': 'Beta tester', 'bug-hunter': 'Bug hunter' },
};

export type StaffBadgesMessages = typeof en;
export default en;
