import { Link } from 'react-router';
import { StaffFrame } from '../auth/StaffFrame.js';
import { useStaffTranslation } from '../i18n.js';

const CARDS = ['queue', 'reports', 'bans', 'audit'] as const;

/** /staff: sign in (the frame), then the console's sections. */
export default function StaffHome() {
  const { t } = useStaffTranslation();
  return (
    <StaffFrame title={t('home.title')}>
      {({ user }) => (
        <>
          <p className="pc-staff__text">{t('home.welcome', { username: user.username })}</p>
          <ul className="pc-staff__home">
            {CARDS.map((card) => (
              <li key={card} className="pc-staff__card">
                <h2 className="pc-staff__card-title">
                  <Link to={`/staff/${card}`}>{t(`nav.${card}`)}</Link>
                </h2>
                <p>{t(`home.${card}`)}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </StaffFrame>
  );
}
