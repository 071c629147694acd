import type { DocumentTexts } from '../document.types.js';

export const gdpr: DocumentTexts = {
  en: {
    title: 'GDPR notice',
    summary:
      'For visitors and users in the European Union and the European Economic Area: the legal bases of our processing, your rights under the General Data Protection Regulation and how to use them. The privacy policy describes the data itself.',
    sections: [
      {
        heading: '1. Controller',
        paragraphs: [
          'The controller is Pencraft, Baku, Azerbaijan (privacy@pencraft.az). Pencraft offers its service to people in the European Union, so the GDPR applies to their personal data. Pencraft has no establishment in the EU; write to the address above in any of our languages.',
        ],
      },
      {
        heading: '2. Legal bases',
        paragraphs: [
          'Contract (Article 6(1)(b)): your account, your publications, sessions, subscriptions, support and payouts.',
          'Legitimate interests (Article 6(1)(f)): security logs, rate limits, captcha, fraud prevention, moderation and counting page views without recognising you. You may object to these.',
          'Legal obligation (Article 6(1)(c)): payment and payout records kept for accounting and tax law.',
          'Consent (Article 6(1)(a)): the analytics cookies pc_aid and pc_as. Until you accept, analytics storage is denied; you can withdraw consent on the cookie settings page as easily as you gave it, and the cookies are deleted.',
        ],
      },
      {
        heading: '3. Your rights',
        paragraphs: [
          'Access (Article 15) and portability (Article 20): a copy of your data in a readable, machine-readable form. Rectification (Article 16): most data you correct yourself in the settings. Erasure (Article 17): deleting your account removes it permanently after 30 days; records we must keep by law stay, without your content. Restriction (Article 18) and objection (Article 21). Withdrawing consent at any time, without affecting earlier processing.',
          "We answer within one month; for complex requests we may extend this by two more months and tell you why. We may ask you to confirm a request from your account's e-mail address. Using these rights is free.",
        ],
      },
      {
        heading: '4. Transfers',
        paragraphs: [
          'Your data is processed in Azerbaijan, for which the European Commission has not issued an adequacy decision. We transfer it on the basis of the contract you conclude with us (Article 49(1)(b)) and protect it as the privacy policy describes; our providers outside the EU process it under agreements with standard contractual clauses where they are required.',
        ],
      },
      {
        heading: '5. Automated decisions',
        paragraphs: [
          'The automatic initial review of articles and comments only sorts them for moderators; a person makes every decision to reject content or ban an account. Ratings and badges are calculated automatically from public activity and have no legal effect.',
        ],
      },
      {
        heading: '6. Breaches and complaints',
        paragraphs: [
          'If a breach puts your rights at high risk, we tell you without undue delay. You may complain to the data protection authority of the EU country where you live or work, or where you believe the infringement happened.',
        ],
      },
    ],
  },
  az: {
    title: 'GDPR bildirişi',
    summary:
      'Avropa İttifaqında və Avropa İqtisadi Zonasında olan ziyarətçi və istifadəçilər üçün: emalımızın hüquqi əsasları, Ümumi Məlumatların Mühafizəsi Reqlamenti (GDPR) üzrə hüquqlarınız və onlardan necə istifadə etmək. Məlumatların özü məxfilik siyasətində təsvir olunub.',
    sections: [
      {
        heading: '1. Nəzarətçi',
        paragraphs: [
          'Nəzarətçi Pencraft-dır, Bakı, Azərbaycan (privacy@pencraft.az). Pencraft öz xidmətini Avropa İttifaqındakı insanlara da təklif edir, ona görə də onların şəxsi məlumatlarına GDPR tətbiq olunur. Pencraft-ın Aİ-də nümayəndəliyi yoxdur; yuxarıdakı ünvana dillərimizdən istənilənində yazın.',
        ],
      },
      {
        heading: '2. Hüquqi əsaslar',
        paragraphs: [
          'Müqavilə (maddə 6(1)(b)): hesabınız, dərcləriniz, sessiyalar, abunələr, dəstək və ödəmələr.',
          'Qanuni maraqlar (maddə 6(1)(f)): təhlükəsizlik jurnalları, sorğu limitləri, kapça, fırıldaqçılığın qarşısının alınması, moderasiya və sizi tanımadan səhifə baxışlarının sayılması. Bunlara etiraz edə bilərsiniz.',
          'Hüquqi öhdəlik (maddə 6(1)(c)): mühasibat və vergi qanunvericiliyi üçün saxlanılan ödəniş və ödəmə qeydləri.',
          'Razılıq (maddə 6(1)(a)): pc_aid və pc_as analitika kukiləri. Qəbul edənə qədər analitika yaddaşı rədd edilir; razılığı verdiyiniz qədər asanlıqla kuki tənzimləmələri səhifəsində geri götürə bilərsiniz və kukilər silinir.',
        ],
      },
      {
        heading: '3. Hüquqlarınız',
        paragraphs: [
          'Giriş (maddə 15) və daşınma (maddə 20): məlumatlarınızın oxunaqlı və maşınla oxunan nüsxəsi. Düzəliş (maddə 16): əksər məlumatları tənzimləmələrdə özünüz düzəldirsiniz. Silinmə (maddə 17): hesabın silinməsi onu 30 gün sonra birdəfəlik aradan qaldırır; qanunla saxlamalı olduğumuz qeydlər məzmununuz olmadan qalır. Məhdudlaşdırma (maddə 18) və etiraz (maddə 21). Razılığı istənilən vaxt geri götürmək; bu, əvvəlki emala təsir etmir.',
          'Bir ay ərzində cavab veririk; mürəkkəb sorğular üçün bu müddəti səbəbini bildirməklə daha iki ay uzada bilərik. Sorğunu hesabınızın e-poçt ünvanından təsdiqləməyinizi xahiş edə bilərik. Bu hüquqlardan istifadə pulsuzdur.',
        ],
      },
      {
        heading: '4. Ötürmələr',
        paragraphs: [
          'Məlumatlarınız Azərbaycanda emal olunur; Avropa Komissiyası Azərbaycan üçün adekvatlıq qərarı verməyib. Biz onları bizimlə bağladığınız müqavilə əsasında (maddə 49(1)(b)) ötürür və məxfilik siyasətində təsvir olunduğu kimi qoruyuruq; Aİ-dən kənardakı provayderlərimiz onları tələb olunduqda standart müqavilə bəndləri olan razılaşmalar əsasında emal edir.',
        ],
      },
      {
        heading: '5. Avtomatlaşdırılmış qərarlar',
        paragraphs: [
          'Məqalə və şərhlərin avtomatik ilkin yoxlaması onları yalnız moderatorlar üçün çeşidləyir; məzmunu rədd etmək və ya hesabı bloklamaq barədə hər qərarı insan verir. Reytinq və nişanlar açıq fəaliyyətdən avtomatik hesablanır və hüquqi nəticə doğurmur.',
        ],
      },
      {
        heading: '6. Pozuntular və şikayətlər',
        paragraphs: [
          'Pozuntu hüquqlarınız üçün yüksək risk yaradarsa, sizə əsassız gecikmə olmadan xəbər veririk. Yaşadığınız və ya işlədiyiniz, yaxud pozuntunun baş verdiyini düşündüyünüz Aİ ölkəsinin məlumatların mühafizəsi orqanına şikayət edə bilərsiniz.',
        ],
      },
    ],
  },
  ru: {
    title: 'Уведомление GDPR',
    summary:
      'Для посетителей и пользователей в Европейском союзе и Европейской экономической зоне: правовые основания нашей обработки, ваши права по Общему регламенту по защите данных (GDPR) и как ими воспользоваться. Сами данные описаны в политике конфиденциальности.',
    sections: [
      {
        heading: '1. Контролёр',
        paragraphs: [
          'Контролёр — Pencraft, Баку, Азербайджан (privacy@pencraft.az). Pencraft предлагает свой сервис людям в Европейском союзе, поэтому к их персональным данным применяется GDPR. У Pencraft нет представительства в ЕС; пишите на адрес выше на любом из наших языков.',
        ],
      },
      {
        heading: '2. Правовые основания',
        paragraphs: [
          'Договор (статья 6(1)(b)): ваша учётная запись, публикации, сеансы, подписки, поддержка и выплаты.',
          'Законные интересы (статья 6(1)(f)): журналы безопасности, ограничения частоты запросов, капча, предотвращение мошенничества, модерация и подсчёт просмотров страниц без узнавания вас. Вы можете возразить против этого.',
          'Правовая обязанность (статья 6(1)(c)): записи о платежах и выплатах, хранимые по бухгалтерскому и налоговому законодательству.',
          'Согласие (статья 6(1)(a)): аналитические cookie pc_aid и pc_as. Пока вы не согласились, аналитическое хранилище запрещено; отозвать согласие на странице настроек cookie так же просто, как дать его, и cookie при этом удаляются.',
        ],
      },
      {
        heading: '3. Ваши права',
        paragraphs: [
          'Доступ (статья 15) и переносимость (статья 20): копия ваших данных в читаемом и машиночитаемом виде. Исправление (статья 16): большинство данных вы исправляете сами в настройках. Удаление (статья 17): удаление учётной записи окончательно стирает её через 30 дней; записи, которые мы обязаны хранить по закону, остаются без вашего содержимого. Ограничение (статья 18) и возражение (статья 21). Отзыв согласия в любое время без влияния на прежнюю обработку.',
          'Мы отвечаем в течение месяца; для сложных запросов срок можно продлить ещё на два месяца, объяснив причину. Мы можем попросить подтвердить запрос с адреса почты вашей учётной записи. Пользоваться этими правами бесплатно.',
        ],
      },
      {
        heading: '4. Передача данных',
        paragraphs: [
          'Ваши данные обрабатываются в Азербайджане, в отношении которого Европейская комиссия не принимала решения об адекватности. Мы передаём их на основании заключённого с нами договора (статья 49(1)(b)) и защищаем, как описано в политике конфиденциальности; наши поставщики вне ЕС обрабатывают их по договорам со стандартными договорными условиями, где они требуются.',
        ],
      },
      {
        heading: '5. Автоматизированные решения',
        paragraphs: [
          'Автоматическая первичная проверка статей и комментариев лишь сортирует их для модераторов; каждое решение отклонить содержимое или заблокировать учётную запись принимает человек. Рейтинг и значки рассчитываются автоматически по открытой активности и не влекут правовых последствий.',
        ],
      },
      {
        heading: '6. Нарушения и жалобы',
        paragraphs: [
          'Если утечка создаёт высокий риск для ваших прав, мы сообщаем вам без неоправданной задержки. Вы можете подать жалобу в орган по защите данных страны ЕС, где вы живёте или работаете, или где, по вашему мнению, произошло нарушение.',
        ],
      },
    ],
  },
};
