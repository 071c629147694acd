import type { Messages } from '@pencraft/i18n';
import type { UploadsMessages } from './en.js';

const az: Messages<UploadsMessages> = {
  title: 'Yüklədiyiniz şəkillər',
  text: 'Redaktorda qaralama və məqalələrə əlavə etdiyiniz şəkillər, ən yenisi əvvəldə. Heç bir qaralama və ya məqalədə istifadə olunmayan şəkil yüklənməsindən bir gün sonra özü silinir; onu burada daha tez silə bilərsiniz.',
  notListed:
    'Profil şəkliniz, bannerınız, nəşrinizin loqosu və örtüyü burada göstərilmir: yenisini yüklədikdə onlar əvəz olunur.',
  empty: 'Redaktorda hələ heç bir şəkil yükləməmisiniz.',
  alt: '{{date}} tarixində yüklənmiş şəkil',
  size: 'Həcm',
  dimensions: 'Ölçülər',
  pixels: '{{width}} × {{height}} piksel',
  uploaded: 'Yüklənib',
  usedIn: 'İstifadə olunur',
  unused: 'İstifadə olunmur',
  draft: 'Qaralama: {{title}}',
  article: 'Məqalə: {{title}}',
  untitled: 'başlıqsız',
  units: {
    b: '{{value}} B',
    kb: '{{value}} KB',
    mb: '{{value}} MB',
  },
  delete: 'Sil',
  deleteNamed: '{{date}} tarixində yüklənmiş şəkli sil',
  confirmTitle: 'Bu şəkil silinsin?',
  confirmText:
    'Şəkil və onun bütün ölçüləri birdəfəlik silinir. Heç bir qaralamanız və ya məqaləniz ondan istifadə etmir.',
  confirm: 'Şəkli sil',
  cancel: 'Saxla',
  deleted: 'Şəkil silindi.',
  more: 'Daha köhnə şəkilləri göstər',
};

export default az;
