import { Link } from 'react-router';
import { holds, SECTIONS, StaffFrame } from '../auth/StaffFrame.js';
import { STAFF_ROLES } from '../auth/keycloak.js';
import { useStaffTranslation } from '../i18n.js';

/** /staff: sign in (the frame), then the console's sections the staff member's roles open. */
export default function StaffHome() {
  const { t } = useStaffTranslation();
  return (
    <StaffFrame title={t('home.title')} roles={STAFF_ROLES}>
      {({ user }) => (
        <>
          <p className="pc-staff__text">{t('home.welcome', { username: user.username })}</p>
          <ul className="pc-staff__home">
            {SECTIONS.filter((section) => holds(user, section.roles)).map((section) => (
              <li key={section.key} className="pc-staff__card">
                <h2 className="pc-staff__card-title">
                  <Link to={section.path}>{t(`nav.${section.key}`)}</Link>
                </h2>
                <p>{t(`home.${section.key}`)}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </StaffFrame>
  );
}
