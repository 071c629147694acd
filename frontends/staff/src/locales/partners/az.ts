import type { Messages } from '@pencraft/i18n';
import type { StaffPartnersMessages } from './en.js';

const az: Messages<StaffPartnersMessages> = {
  title: 'Partnyor klientləri',
  intro:
    'Təşkilatlar partnyor API-yə (/api/v1) OAuth2 client-credentials klienti ilə müraciət edir. Hər təşkilat üçün birini qeydiyyata alın, ona yalnız lazım olan icazələri verin və əməkdaşlıq bitəndə ləğv edin.',
  list: {
    label: 'Partnyor klientləri',
    empty: 'Hələ partnyor klienti yoxdur.',
    clientId: 'Klient identifikatoru',
    created: 'Qeydiyyat: {{date}}',
  },
  status: { active: 'Aktiv', revoked: 'Ləğv edilib' },
  scopes: { read: 'Oxuma', search: 'Axtarış', act: 'İstifadəçilər adından', webhooks: 'Vebhuklar' },
  scopeHints: {
    read: 'Açıq məqalələr, müəlliflər, nəşrlər, kateqoriyalar və şərhlər.',
    search: 'Axtarış marşrutları.',
    act: 'Öz tokeni ilə icazə vermiş müəllif üçün qaralamalar və dərc.',
    webhooks: 'Öz vebhuk ünvanlarını və göndərişlərini idarə etmək.',
  },
  fields: {
    name: 'Təşkilat',
    scopes: 'İcazələr',
    origins: 'Brauzer mənbələri (CORS)',
    originsHint:
      'Hər sətirdə biri, məsələn https://app.example.az (http yalnız localhost üçün); yalnız serverlər üçünsə boş saxlayın.',
    rateLimit: 'Dəqiqədə sorğu',
    dailyQuota: 'Gündə sorğu (UTC)',
  },
  errors: {
    name: 'Təşkilatın adını daxil edin, {{min}}–{{max}} simvol.',
    scopes: 'Ən azı bir icazə seçin.',
    origins: 'Ən çoxu {{max}} mənbə, hər biri https://host və ya https://host:port, yolsuz.',
    rateLimitPerMinute: '1-dən {{max}}-dək tam ədəd.',
    dailyQuota: '1-dən {{max}}-dək tam ədəd.',
  },
  create: {
    title: 'Klienti qeydiyyata al',
    submit: 'Qeydiyyata al',
    done: '{{name}} qeydiyyata alındı.',
  },
  secret: {
    title: '{{name}} klientinin sirri',
    text: 'İndi kopyalayın və partnyora təhlükəsiz kanalla verin: yalnız bir dəfə göstərilir. Klient identifikatoru: {{clientId}}.',
    label: 'Klient sirri',
    copy: 'Sirri kopyala',
    copied: 'Kopyalandı.',
    copyFailed: 'Kopyalamaq alınmadı: sirri seçib özünüz kopyalayın.',
    dismiss: 'Saxladım',
  },
  detail: {
    title: 'Partnyor klienti',
    back: 'Bütün partnyor klientləri',
    facts: 'Məlumat',
    clientId: 'Klient identifikatoru',
    status: 'Vəziyyət',
    created: 'Qeydiyyat',
    rotated: 'Sirr yenilənib',
    revoked: 'Ləğv edilib',
    never: 'heç vaxt',
    limits: 'dəqiqədə {{perMinute}}, gündə {{perDay}}',
    limitsLabel: 'Limitlər',
    origins: 'Mənbələr',
    noOrigins: 'yoxdur (yalnız serverlər)',
    edit: 'İcazələr, mənbələr və limitlər',
    save: 'Dəyişiklikləri saxla',
    saved: 'Saxlanıldı: API onları bir dəqiqə ərzində tətbiq edir.',
    revokedNote: 'Bu klient ləğv edilib: token almır və API onu rədd edir. Dəyişdirilə bilməz.',
    webhooks: 'Vebhuk göndərişləri',
    dangerZone: 'Sirr və ləğvetmə',
  },
  rotate: {
    button: 'Sirri yenilə',
    title: '{{name}} klientinin sirri yenilənsin?',
    text: 'Keycloak cari sirri dərhal rədd edir: yeni token almaq üçün partnyora yeni sirr lazımdır.',
    confirm: 'Yenilə',
  },
  revoke: {
    button: 'Klienti ləğv et',
    title: '{{name}} ləğv edilsin?',
    text: 'Yeni token almayacaq, API isə onun tokenlərini bir dəqiqə ərzində rədd edəcək. Bu geri qaytarıla bilməz.',
    confirm: 'Ləğv et',
    done: '{{name}} ləğv edildi.',
  },
};

export default az;
