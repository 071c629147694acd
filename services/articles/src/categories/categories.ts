import type { Category } from '@pencraft/contracts/articles/v1/articles';

/** The topics an article is filed under (SPEC.md section 3 names some; the full list is ours). */
export const CATEGORIES: readonly Category[] = [
  { id: 'education', nameAz: 'Təhsil', nameEn: 'Education', nameRu: 'Образование' },
  { id: 'tech', nameAz: 'Texnologiya', nameEn: 'Technology', nameRu: 'Технологии' },
  { id: 'programming', nameAz: 'Proqramlaşdırma', nameEn: 'Programming', nameRu: 'Программирование' },
  { id: 'science', nameAz: 'Elm', nameEn: 'Science', nameRu: 'Наука' },
  { id: 'business', nameAz: 'Biznes', nameEn: 'Business', nameRu: 'Бизнес' },
  { id: 'finance', nameAz: 'Maliyyə', nameEn: 'Finance', nameRu: 'Финансы' },
  { id: 'design', nameAz: 'Dizayn', nameEn: 'Design', nameRu: 'Дизайн' },
  { id: 'media', nameAz: 'Media', nameEn: 'Media', nameRu: 'Медиа' },
  { id: 'infrastructure', nameAz: 'İnfrastruktur', nameEn: 'Infrastructure', nameRu: 'Инфраструктура' },
  { id: 'health', nameAz: 'Sağlamlıq', nameEn: 'Health', nameRu: 'Здоровье' },
  { id: 'sports', nameAz: 'İdman', nameEn: 'Sports', nameRu: 'Спорт' },
  { id: 'society', nameAz: 'Cəmiyyət', nameEn: 'Society', nameRu: 'Общество' },
  { id: 'culture', nameAz: 'Mədəniyyət', nameEn: 'Culture', nameRu: 'Культура' },
  { id: 'history', nameAz: 'Tarix', nameEn: 'History', nameRu: 'История' },
  { id: 'travel', nameAz: 'Səyahət', nameEn: 'Travel', nameRu: 'Путешествия' },
  { id: 'career', nameAz: 'Karyera', nameEn: 'Career', nameRu: 'Карьера' },
  { id: 'law', nameAz: 'Hüquq', nameEn: 'Law', nameRu: 'Право' },
  { id: 'environment', nameAz: 'Ətraf mühit', nameEn: 'Environment', nameRu: 'Экология' },
  { id: 'psychology', nameAz: 'Psixologiya', nameEn: 'Psychology', nameRu: 'Психология' },
  { id: 'literature', nameAz: 'Ədəbiyyat', nameEn: 'Literature', nameRu: 'Литература' },
];

const IDS = new Set(CATEGORIES.map((c) => c.id));

export function isCategory(id: string) {
  return IDS.has(id);
}
