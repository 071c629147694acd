import { FEEDBACK_MESSAGES } from '@pencraft/rules';
import type { FeedbackCatalogue } from './en.js';

const az: FeedbackCatalogue = {
  title: 'Rəy bildirin',
  intro:
    'Təkmilləşdirmə təklif edin, sual verin və ya xəta barədə xəbər verin. Hər müraciəti oxuyur və iş günlərində cavablandırırıq.',
  answerToUser: 'Cavabı rəylər jurnalınızda və e-poçtla göndərəcəyik.',
  answerToVisitor: 'Cavabı göstərdiyiniz e-poçt ünvanına göndərəcəyik.',
  log: 'Rəylərim',
  subject: 'Mövzu',
  type: 'Növ',
  typePlaceholder: 'Növü seçin',
  types: { enhancement: 'Təkmilləşdirmə', question: 'Sual', bug: 'Xəta' },
  description: 'Təsvir',
  descriptionHint: '{{min}}-{{max}} simvol.',
  counter: '{{length}} / {{max}} simvol',
  email: 'E-poçt ünvanınız',
  submit: 'Göndər',
  captcha: 'Əvvəlcə təhlükəsizlik yoxlanışını tamamlayın.',
  sent: 'Təşəkkür edirik! Rəyiniz göndərildi.',
  sentToUser: 'Cavab rəylər jurnalınızda görünəcək.',
  sentToVisitor: 'Cavabı e-poçt ünvanınıza göndərəcəyik.',
  another: 'Daha bir rəy göndərin',
  errors: FEEDBACK_MESSAGES.az,
};

export default az;
