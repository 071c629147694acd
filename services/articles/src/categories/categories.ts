import type { Category } from '@pencraft/contracts/articles/v1/articles';
import { CATEGORY_IDS, isCategoryId, type CategoryId } from '@pencraft/rules';

/** The names of each category id of @pencraft/rules (the ids and their order are shared with the gateway's document). */
const NAMES: Readonly<Record<CategoryId, Omit<Category, 'id'>>> = {
  education: { nameAz: 'Təhsil', nameEn: 'Education', nameRu: 'Образование' },
  tech: { nameAz: 'Texnologiya', nameEn: 'Technology', nameRu: 'Технологии' },
  programming: { nameAz: 'Proqramlaşdırma', nameEn: 'Programming', nameRu: 'Программирование' },
  science: { nameAz: 'Elm', nameEn: 'Science', nameRu: 'Наука' },
  business: { nameAz: 'Biznes', nameEn: 'Business', nameRu: 'Бизнес' },
  finance: { nameAz: 'Maliyyə', nameEn: 'Finance', nameRu: 'Финансы' },
  design: { nameAz: 'Dizayn', nameEn: 'Design', nameRu: 'Дизайн' },
  media: { nameAz: 'Media', nameEn: 'Media', nameRu: 'Медиа' },
  infrastructure: { nameAz: 'İnfrastruktur', nameEn: 'Infrastructure', nameRu: 'Инфраструктура' },
  health: { nameAz: 'Sağlamlıq', nameEn: 'Health', nameRu: 'Здоровье' },
  sports: { nameAz: 'İdman', nameEn: 'Sports', nameRu: 'Спорт' },
  society: { nameAz: 'Cəmiyyət', nameEn: 'Society', nameRu: 'Общество' },
  culture: { nameAz: 'Mədəniyyət', nameEn: 'Culture', nameRu: 'Культура' },
  history: { nameAz: 'Tarix', nameEn: 'History', nameRu: 'История' },
  travel: { nameAz: 'Səyahət', nameEn: 'Travel', nameRu: 'Путешествия' },
  career: { nameAz: 'Karyera', nameEn: 'Career', nameRu: 'Карьера' },
  law: { nameAz: 'Hüquq', nameEn: 'Law', nameRu: 'Право' },
  environment: { nameAz: 'Ətraf mühit', nameEn: 'Environment', nameRu: 'Экология' },
  psychology: { nameAz: 'Psixologiya', nameEn: 'Psychology', nameRu: 'Психология' },
  literature: { nameAz: 'Ədəbiyyat', nameEn: 'Literature', nameRu: 'Литература' },
};

/** The topics an article is filed under, in the shared order, each named in az, en and ru. */
export const CATEGORIES: readonly Category[] = CATEGORY_IDS.map((id) => ({ id, ...NAMES[id] }));

export function isCategory(id: string) {
  return isCategoryId(id);
}
