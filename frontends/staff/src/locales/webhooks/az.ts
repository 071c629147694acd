import type { Messages } from '@pencraft/i18n';
import type { StaffWebhooksMessages } from './en.js';

const az: Messages<StaffWebhooksMessages> = {
  title: 'Partnyor vebhukları',
  back: 'Partnyor müştərisinə qayıt',
  intro:
    'Bu müştərinin abunə etdiyi ünvanlar və onlara göndərilənlər: hər çatdırılma son cavabı ilə. Ölü çatdırılma son avtomatik cəhddən sonra da uğurlu cavab almayıb; partnyor ünvanını düzəltdikdən sonra onu yenidən göndərin.',
  client: 'Müştəri ID: {{clientId}}',
  empty: 'Bu müştərinin vebhuk ünvanı yoxdur.',
  endpoint: 'Ünvan',
  events: 'Hadisələr',
  enabled: 'Aktiv',
  paused: 'Dayandırılıb',
  created: 'Abunə tarixi: {{date}}',
  deadCount: 'Ölü çatdırılmalar: {{count}}',
  noDeliveries: 'Bu ünvana hələ heç nə göndərilməyib.',
  table: '{{url}} ünvanına çatdırılmalar',
  columns: {
    at: 'Yaradılıb',
    event: 'Hadisə',
    status: 'Vəziyyət',
    attempts: 'Cəhdlər',
    response: 'Son cavab',
    error: 'Son xəta',
    actions: 'Əməliyyatlar',
  },
  noResponse: 'yoxdur',
  redeliver: 'Yenidən göndər',
  redeliverLabel: 'Yenidən göndər: {{date}} tarixli {{event}} çatdırılması',
  redelivered: 'Çatdırılma bir azdan yenidən göndəriləcək.',
  statuses: { pending: 'Gözləyir', succeeded: 'Çatdırılıb', failed: 'Uğursuz, təkrarlanacaq', dead: 'Ölü' },
};

export default az;
