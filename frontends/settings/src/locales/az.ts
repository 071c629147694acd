import type { Messages } from '@pencraft/i18n';
import type { SettingsMessages } from './en.js';

const az: Messages<SettingsMessages> = {
  nav: {
    settings: 'Tənzimləmələr',
    sections: 'Tənzimləmə bölmələri',
    back: '← Bütün tənzimləmələr',
  },
  title: 'Tənzimləmələr',
  groups: {
    profile: 'Profil',
    account: 'Hesab',
    security: 'Təhlükəsizlik',
    preferences: 'Seçimlər',
    danger: 'Hesabın silinməsi',
  },
  sections: {
    profile: { title: 'Ümumi', hint: 'Ad və soyad, başlıq, haqqında, doğum tarixi, ölkə, cins və keçidlər' },
    pictures: { title: 'Profil şəkli və banner', hint: 'Profil səhifənizdəki şəkillər' },
    username: { title: 'İstifadəçi adı', hint: 'Profilinizin ünvanındakı ad' },
    email: { title: 'E-poçt', hint: 'Daxil olduğunuz və məktub aldığınız ünvan' },
    password: { title: 'Şifrə', hint: 'Daxil olduğunuz şifrəni dəyişin' },
    phone: { title: 'Telefon', hint: 'Təsdiqlənmiş telefon nömrəsi' },
    mfa: { title: 'İkiaddımlı doğrulama', hint: 'Daxil olarkən autentifikator tətbiqindən kod' },
    sessions: { title: 'Sessiyalar', hint: 'Hesabınızın açıq olduğu yerlər' },
    log: { title: 'Hesab fəaliyyəti', hint: 'Şifrə, e-poçt və təsdiq hadisələri' },
    bans: { title: 'Bloklar', hint: 'Hesabınıza tətbiq edilmiş məhdudiyyətlər' },
    notifications: { title: 'Bildirişlər', hint: 'Nə barədə bildiriş alırsınız' },
    language: { title: 'Dil', hint: 'İnterfeysin və məktublarımızın dili' },
    theme: { title: 'Mövzu', hint: 'Tünd, açıq və ya cihazınız kimi' },
    preferences: { title: 'Üstünlüklər', hint: 'Məzmun üstünlükləri' },
    delete: { title: 'Hesabı sil', hint: 'Hesabınızı və içindəki hər şeyi silin' },
  },
};

export default az;
