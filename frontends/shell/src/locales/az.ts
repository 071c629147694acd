import type { Messages } from '@pencraft/i18n';
import type { ShellMessages } from './en.js';

const az: Messages<ShellMessages> = {
  skipToContent: 'Məzmuna keç',
  nav: {
    label: 'Əsas naviqasiya',
    signIn: 'Daxil ol',
    register: 'Qeydiyyat',
    signOut: 'Çıxış',
    account: 'Hesab',
  },
  search: {
    placeholder: 'Axtar…',
    submit: 'Axtar',
  },
  theme: {
    label: 'Tema',
    dark: 'Qaranlıq',
    light: 'İşıqlı',
    system: 'Sistem',
    toggle: 'Tema: {{current}}. Dəyiş: {{next}}',
  },
  language: {
    label: 'Dil',
  },
  user: {
    rating: 'Reytinq: {{tier}}',
    signedInAs: '{{name}} kimi daxil olmusunuz',
    tiers: {
      bad: 'Pis',
      guest: 'Qonaq',
      amateur: 'Həvəskar',
      pro: 'Peşəkar',
      leader: 'Lider',
    },
  },
  cookie: {
    label: 'Kuki razılığı',
    message: 'Hesabınızda qalmağınız və saytın necə istifadə olunduğunu anlamaq üçün kukilərdən istifadə edirik.',
    learnMore: 'Kuki siyasəti',
    accept: 'Qəbul et',
  },
  login: {
    title: 'Daxil ol',
    login: 'E-poçt və ya istifadəçi adı',
    password: 'Şifrə',
    submit: 'Daxil ol',
    submitting: 'Daxil olunur…',
    noAccount: 'Hesabınız yoxdur?',
    register: 'Qeydiyyatdan keçin',
  },
  register: {
    title: 'Hesab yaradın',
    email: 'E-poçt',
    username: 'İstifadəçi adı',
    usernameHint: '3–32 simvol: latın hərfləri, rəqəmlər və alt xətt; hərflə başlamalıdır.',
    fullname: 'Ad və soyad',
    password: 'Şifrə',
    passwordHint: '8–128 simvol, ən azı bir hərf və bir rəqəm, boşluqsuz.',
    acceptTerms: '<doc>İstifadəçi razılaşmasını</doc> qəbul edirəm',
    acceptPrivacy: '<doc>Məxfilik siyasətini</doc> qəbul edirəm',
    submit: 'Hesab yarat',
    submitting: 'Hesab yaradılır…',
    haveAccount: 'Artıq hesabınız var?',
    signIn: 'Daxil olun',
  },
  validation: {
    required: 'Bu sahə mütləqdir.',
    email: 'Düzgün e-poçt ünvanı daxil edin.',
    emailLength: 'E-poçt ünvanı ən çox 254 simvol ola bilər.',
    usernameLength: 'İstifadəçi adı 3–32 simvol olmalıdır.',
    usernameChars: 'Yalnız latın hərfləri, rəqəmlər və alt xətt istifadə edin; ad hərflə başlamalıdır.',
    passwordLength: 'Şifrə 8–128 simvol olmalıdır.',
    passwordChars: 'Yalnız latın hərfləri, rəqəmlər və simvollar istifadə edin, boşluqsuz.',
    passwordLetterDigit: 'Şifrədə ən azı bir hərf və bir rəqəm olmalıdır.',
    fullnameLength: 'Ad və soyad 2–64 simvol olmalıdır.',
    fullnameChars: 'Tam ad < və ya > işarələri və idarəetmə simvolları ehtiva edə bilməz.',
    agreement: 'Qeydiyyat üçün bunu qəbul etməlisiniz.',
  },
  notFound: {
    title: 'Səhifə tapılmadı',
    text: 'Axtardığınız səhifə mövcud deyil və ya köçürülüb.',
    home: 'Ana səhifəyə keç',
  },
  serverError: {
    title: 'Daxili server xətası',
    text: 'Bizim tərəfdə xəta baş verdi. Bir az sonra yenidən cəhd edin.',
    reload: 'Səhifəni yenilə',
  },
  cookiesPage: {
    title: 'Kuki siyasəti',
    intro:
      'Pencraft saytın işləməsi və seçimlərinizi yadda saxlaması üçün brauzerinizdə bir neçə kiçik məlumat saxlayır.',
    necessary:
      'Zəruri: sessiya kukisi sizi 30 günədək hesabınızda saxlayır, təhlükəsizlik kukisi isə formalarınızı saxtakarlıqdan qoruyur.',
    preferences: 'Seçimlər: tema, dil və kuki seçiminiz brauzerinizin yerli yaddaşında saxlanılır.',
    analytics:
      'Analitika: yalnız razılıq verdikdən sonra platformanı yaxşılaşdırmaq üçün səhifə baxışlarını sayırıq. Nəşr subdomenlərində analitika söndürülüb.',
  },
  aboutPage: {
    title: 'Pencraft haqqında',
    text: 'Pencraft açıq təcrübə mübadiləsi üçün peşəkar mühitdir: müəlliflər blok redaktoru ilə məqalələr yazır, oxucular isə onları Azərbaycan, ingilis və rus dillərində tapır, oxuyur və müzakirə edir.',
    stats: '150 000-dən çox baxış.',
  },
  footer: {
    about: 'Haqqımızda',
    cookies: 'Kukilər',
  },
};

export default az;
