import type { Messages } from '@pencraft/i18n';
import type { StaffWebhooksMessages } from './en.js';

const ru: Messages<StaffWebhooksMessages> = {
  title: 'Вебхуки партнёра',
  back: 'К клиенту партнёра',
  intro:
    'Адреса, на которые подписан этот клиент, и что им отправлялось: каждая доставка с последним ответом. Мёртвая доставка не получила успешного ответа и после последней автоматической попытки; отправьте её снова, когда партнёр исправит свой адрес.',
  client: 'ID клиента: {{clientId}}',
  empty: 'У этого клиента нет адресов вебхуков.',
  endpoint: 'Адрес',
  events: 'События',
  enabled: 'Активен',
  paused: 'Приостановлен',
  created: 'Подписан {{date}}',
  deadCount: 'Мёртвые доставки: {{count}}',
  noDeliveries: 'На этот адрес ещё ничего не отправлялось.',
  table: 'Доставки на {{url}}',
  columns: {
    at: 'Создана',
    event: 'Событие',
    status: 'Состояние',
    attempts: 'Попытки',
    response: 'Последний ответ',
    error: 'Последняя ошибка',
    actions: 'Действия',
  },
  noResponse: 'нет',
  redeliver: 'Отправить снова',
  redeliverLabel: 'Отправить снова: доставка {{event}} от {{date}}',
  redelivered: 'Доставка будет отправлена снова через мгновение.',
  statuses: { pending: 'Ожидает', succeeded: 'Доставлена', failed: 'Ошибка, будет повтор', dead: 'Мёртвая' },
};

export default ru;
