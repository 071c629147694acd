import type { SettingsTokensCatalogue } from './en.js';

const az: SettingsTokensCatalogue = {
  title: 'Giriş tokenləri',
  text:
    'Şəxsi giriş tokeni öz alətlərinizə (blog, skript, redaktor əlavəsi) Pencraft API-dən sizin adınızdan istifadə ' +
    'etməyə imkan verir: başqa saytlara öz alətlərinizdən dərc etdiyiniz kimi. Hər alətə ayrıca token verin və ' +
    'istifadəni dayandıranda onu ləğv edin. Token ilə dərc edilən məqalələr digərləri kimi yoxlamadan keçir.',
  createTitle: 'Yeni token',
  name: 'Ad',
  nameHint: 'Tokenin nə üçün olduğu, sonra tanımaq üçün (ən çoxu {{max}} simvol)',
  scopes: 'Nə edə bilər',
  scopeHints: {
    read: 'Açıq məzmunu oxumaq: məqalələr, müəlliflər, nəşrlər, kateqoriyalar və şərhlər',
    search: 'Məqalə və müəllif axtarmaq',
    act: 'Sizin adınızdan işləmək: qaralamalar yazmaq və onları dərcə göndərmək, özünüz etdiyiniz kimi',
  },
  scopeNames: { read: 'Oxumaq', search: 'Axtarmaq', act: 'Sizin adınızdan' },
  expiry: 'Etibarlılıq müddəti',
  days: '{{count}} gün',
  create: 'Token yaradın',
  nameRequired: 'Tokenə ad verin.',
  nameTooLong: 'Ən çoxu {{max}} simvol.',
  scopesRequired: 'Ən azı bir icazə seçin.',
  createdTitle: 'Yeni tokeniniz',
  createdWarning: 'İndi kopyalayın və etibarlı yerdə saxlayın: o bir daha göstərilməyəcək.',
  tokenLabel: '{{name}} tokeni',
  copy: 'Kopyalayın',
  copied: 'Kopyalandı',
  copyFailed: 'Kopyalamaq alınmadı: tokeni seçib özünüz kopyalayın.',
  done: 'Kopyaladım',
  listTitle: 'Tokenləriniz',
  empty: 'Giriş tokeniniz yoxdur.',
  limit: 'Eyni vaxtda ən çoxu {{max}} aktiv tokeniniz ola bilər.',
  prefix: 'Başlanğıcı',
  created: 'Yaradılıb',
  expires: 'Bitir',
  lastUsed: 'Son istifadə',
  never: 'Heç vaxt',
  state: 'Vəziyyət',
  states: { active: 'Aktiv', expired: 'Vaxtı bitib', revoked: 'Ləğv edilib' },
  revoke: 'Ləğv edin',
  revokeNamed: '{{name}} tokenini ləğv edin',
  revokeTitle: '{{name}} tokeni ləğv edilsin?',
  revokeText:
    'Ondan istifadə edən alətlər bir dəqiqə ərzində rədd ediləcək. Bu geri qaytarılmır: lazım olsa, yeni token yaradın.',
  keep: 'Saxlayın',
  revoked: '{{name}} tokeni ləğv edildi.',
};

export default az;
