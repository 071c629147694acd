import type { Messages } from '@pencraft/i18n';
import type { HomeMessages } from './en.js';

const az: Messages<HomeMessages> = {
  mission: {
    title: 'Missiyamız',
    text: 'Pencraft təcrübənin açıq mübadiləsi üçün peşəkar mühitdir: öz sahəsini bilən insanlar azərbaycan, ingilis və rus dillərində yazır, oxucular isə yazını öz dilində tapır.',
  },
  features: {
    title: 'Burada nə edə bilərsiniz',
    write: { title: 'Yazın', text: 'Blok redaktoru, qaralamalar, həmmüəlliflər və üç dilə tərcümələr.' },
    read: { title: 'Oxuyun', text: 'Əvvəlcə öz dilinizdə məqalələr, kolleksiyalar, əlfəcinlər və foto axtarışı.' },
    follow: {
      title: 'İzləyin',
      text: 'İnsanları, kateqoriyaları və nəşrləri izləyin, onların məqalələrini ilk görün.',
    },
    grow: { title: 'İnkişaf edin', text: 'Reytinq və nişanlar qazanın, nəşrlərə qoşulun, oxuculardan dəstək alın.' },
  },
  trending: {
    title: 'Trenddə olanlar',
    hint: 'Son 7 günün səsləri, şərhləri və oxunuşları.',
    empty: 'Hələ trenddə heç nə yoxdur.',
    error: 'Trend məqalələri yüklənmədi.',
    score: 'Trend xalı {{score}}',
  },
  tabs: {
    label: 'Məqalələr',
    all: 'Hamısı',
    following: 'İzlədiklərim',
    suggestions: 'Təkliflər',
  },
  list: {
    empty: {
      all: 'Hələ heç bir məqalə dərc olunmayıb.',
      following:
        'Hələ burada heç nə yoxdur: məqalələrini görmək üçün insanları, kateqoriyaları və ya nəşrləri izləyin.',
      suggestions: 'Hələ təklif yoxdur: təkliflər almaq üçün oxuyun, səs verin və kateqoriyaları izləyin.',
    },
    error: 'Məqalələr yüklənmədi.',
    loadMore: 'Daha çox məqalə yüklə',
    loadingMore: 'Daha çox məqalə yüklənir…',
    end: 'Siyahının sonuna çatdınız.',
    signIn: 'İzlədiklərinizin məqalələrini və sizə təklifləri görmək üçün daxil olun.',
  },
  categories: {
    title: 'Kateqoriyalarınız',
    pinned: 'Bərkidilib',
    empty: 'Kateqoriyaları burada tapmaq üçün onları izləyin və ya bərkidin.',
  },
  suggestions: {
    title: 'Kimi izləmək olar',
    people: 'İnsanlar',
    categories: 'Kateqoriyalar',
    publications: 'Nəşrlər',
    follow: 'İzlə',
    following: 'İzlənilir',
    followName: '{{name}} izlə',
    articles: 'Məqalələr: {{count}}',
    empty: 'Hazırda təklif yoxdur.',
    failed: 'Alınmadı. Yenidən cəhd edin.',
  },
  category: {
    pin: 'Ana səhifəmə bərkit',
    unpin: 'Ana səhifəmdən çıxar',
    explore: 'İcmal',
    articles: 'Məqalələr',
    thisWeek: 'Bu həftə',
    followers: 'İzləyicilər',
    topAuthors: 'Ən yaxşı müəlliflər',
    noAuthors: 'Hələ müəllif yoxdur.',
    score: 'xal {{score}}',
  },
};

export default az;
