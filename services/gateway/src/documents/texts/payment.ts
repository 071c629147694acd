import type { DocumentTexts } from '../document.types.js';

export const payment: DocumentTexts = {
  en: {
    title: 'Payment policy',
    summary:
      'How money moves on Pencraft: publication subscriptions, support for authors, payouts, limits, refunds and what we keep about your cards. All amounts are in Azerbaijani manat (AZN, ₼).',
    sections: [
      {
        heading: '1. Currency and the payment provider',
        paragraphs: [
          "Every price, support and payout is in Azerbaijani manat (AZN). Cards are charged by a licensed card payment provider; you enter your card details on the provider's form. Pencraft never receives, stores or logs card numbers or security codes: it keeps the provider's reference, the amount, the date and the outcome.",
          'A payment counts only when the provider confirms it to us directly. What your browser shows after paying is not the confirmation; if the confirmation does not arrive, nothing is charged to your benefit or debt on Pencraft and the provider returns any hold on your card.',
        ],
      },
      {
        heading: '2. Publication subscriptions',
        paragraphs: [
          "A publication may offer a free basic plan and paid plans, billed monthly or yearly at the price its owner sets in AZN. A paid subscription gives access to the publication's paid articles while it is active and renews automatically at the end of each period until you cancel it.",
          "You can cancel at any time in the settings; access stays until the end of the period already paid. When an owner deletes a plan, its subscribers keep access until their subscription ends. The publication's owner must connect a merchant account with the provider before selling plans; the owner is the seller and is responsible for the plan's content.",
        ],
      },
      {
        heading: '3. Supporting an author',
        paragraphs: [
          'Readers may send money to authors who have an active support account, up to 100 AZN at a time. Support is a voluntary gift: it buys no content or service and is not refunded once confirmed, except when it was made without your permission (see section 6). You may choose whether your name is shown to the author.',
        ],
      },
      {
        heading: '4. Support accounts',
        paragraphs: [
          'An author may open a support account when they are a citizen of Azerbaijan, have published an article in the last 3 months and have verified a phone number. The account shows the balance, the supporters, a thanks message (at least 10 characters) and the history. An author may deactivate it and reactivate it later; the balance stays.',
        ],
      },
      {
        heading: '5. Payouts',
        paragraphs: [
          'An author requests a payout of the balance to a personal card: at least 10 AZN and at most 100 AZN per request, at most 100 AZN in a calendar month, never more than the balance, and one payout at a time. The amount is reserved when requested. Payouts are processed in 1-5 business days; the author is notified when the state changes, and a refused payout returns the money to the balance.',
          "For the payout card we keep only what the provider tells us: the last four digits, the brand and the holder's name. Authors are responsible for declaring their income and paying their taxes under the law of Azerbaijan.",
        ],
      },
      {
        heading: '6. Refunds and disputes',
        paragraphs: [
          'A subscription period that has started is not refunded, except when the paid content was not available because of our fault or when the law requires it. A payment made without your permission, or charged twice, is refunded in full: write to support@pencraft.az within 30 days with the date and amount.',
          'When a card payment is disputed with your bank, we may suspend the related subscription or support account until the dispute ends. Money proven to come from fraud is not paid out.',
        ],
      },
      {
        heading: '7. Records',
        paragraphs: [
          'Every movement of money is recorded in a double-entry ledger that is never edited: corrections are new entries. Payment and payout records are kept for the period required by the accounting and tax law of Azerbaijan, also after an account is deleted.',
        ],
      },
      {
        heading: '8. Contact',
        paragraphs: [
          'Questions about a payment: support@pencraft.az or the feedback form, with the date and amount (never your card number).',
        ],
      },
    ],
  },
  az: {
    title: 'Ödəniş siyasəti',
    summary:
      'Pencraft-da pul necə hərəkət edir: nəşr abunələri, müəlliflərə dəstək, ödəmələr, limitlər, geri qaytarmalar və kartlarınız haqqında nə saxlayırıq. Bütün məbləğlər Azərbaycan manatı ilədir (AZN, ₼).',
    sections: [
      {
        heading: '1. Valyuta və ödəniş provayderi',
        paragraphs: [
          'Hər qiymət, dəstək və ödəmə Azərbaycan manatı (AZN) ilədir. Kartlardan ödənişi lisenziyalı kart ödəniş provayderi tutur; kart məlumatlarınızı provayderin formasında daxil edirsiniz. Pencraft kart nömrələrini və təhlükəsizlik kodlarını heç vaxt almır, saxlamır və jurnala yazmır: o, provayderin istinadını, məbləği, tarixi və nəticəni saxlayır.',
          'Ödəniş yalnız provayder onu bizə birbaşa təsdiqlədikdə qəbul olunur. Ödənişdən sonra brauzerinizin göstərdiyi təsdiq deyil; təsdiq gəlməsə, Pencraft-da nə xeyrinizə, nə də borcunuza heç nə yazılmır və provayder kartınızdakı bloklanmış məbləği qaytarır.',
        ],
      },
      {
        heading: '2. Nəşr abunələri',
        paragraphs: [
          'Nəşr pulsuz əsas plan və sahibinin AZN ilə təyin etdiyi qiymətlə aylıq və ya illik ödənilən ödənişli planlar təklif edə bilər. Ödənişli abunə aktiv olduğu müddətdə nəşrin ödənişli məqalələrinə giriş verir və siz ləğv edənə qədər hər dövrün sonunda avtomatik yenilənir.',
          'İstənilən vaxt tənzimləmələrdə ləğv edə bilərsiniz; giriş artıq ödənilmiş dövrün sonuna qədər qalır. Sahib planı sildikdə onun abunəçiləri abunələri bitənə qədər girişi saxlayır. Nəşrin sahibi plan satmazdan əvvəl provayderdə tacir hesabını qoşmalıdır; satıcı sahibdir və planın məzmununa o cavabdehdir.',
        ],
      },
      {
        heading: '3. Müəllifə dəstək',
        paragraphs: [
          'Oxucular aktiv dəstək hesabı olan müəlliflərə bir dəfəyə 100 AZN-ə qədər pul göndərə bilər. Dəstək könüllü hədiyyədir: o, heç bir məzmun və ya xidmət almır və təsdiqləndikdən sonra geri qaytarılmır, icazəniz olmadan edildiyi hallar istisnadır (6-cı bölməyə baxın). Adınızın müəllifə göstərilib-göstərilməməsini seçə bilərsiniz.',
        ],
      },
      {
        heading: '4. Dəstək hesabları',
        paragraphs: [
          'Müəllif Azərbaycan vətəndaşıdırsa, son 3 ayda məqalə dərc edibsə və telefon nömrəsini təsdiqləyibsə, dəstək hesabı aça bilər. Hesab balansı, dəstəkçiləri, təşəkkür mesajını (ən azı 10 simvol) və tarixçəni göstərir. Müəllif onu deaktiv edib sonra yenidən aktivləşdirə bilər; balans qalır.',
        ],
      },
      {
        heading: '5. Ödəmələr',
        paragraphs: [
          'Müəllif balansın şəxsi kartına ödənilməsini istəyir: bir sorğuda ən azı 10 AZN, ən çoxu 100 AZN, bir təqvim ayında ən çoxu 100 AZN, heç vaxt balansdan çox deyil və eyni anda bir ödəmə. Məbləğ sorğu zamanı ayrılır. Ödəmələr 1-5 iş günü ərzində icra olunur; vəziyyət dəyişdikdə müəllifə bildiriş gəlir, rədd edilmiş ödəmə pulu balansa qaytarır.',
          'Ödəmə kartı üçün yalnız provayderin bildirdiyini saxlayırıq: son dörd rəqəm, kartın növü və sahibinin adı. Müəlliflər gəlirlərini bəyan etməyə və Azərbaycan qanunvericiliyinə uyğun vergilərini ödəməyə cavabdehdir.',
        ],
      },
      {
        heading: '6. Geri qaytarma və mübahisələr',
        paragraphs: [
          'Başlamış abunə dövrü geri qaytarılmır, ödənişli məzmunun bizim günahımızdan əlçatan olmadığı və ya qanunun tələb etdiyi hallar istisnadır. İcazəniz olmadan edilmiş və ya iki dəfə tutulmuş ödəniş tam qaytarılır: 30 gün ərzində tarixi və məbləği göstərməklə support@pencraft.az ünvanına yazın.',
          'Kart ödənişi bankınızda mübahisələndirildikdə mübahisə bitənə qədər əlaqəli abunəni və ya dəstək hesabını dayandıra bilərik. Fırıldaqçılıqdan gəldiyi sübut olunan pul ödənilmir.',
        ],
      },
      {
        heading: '7. Qeydlər',
        paragraphs: [
          'Pulun hər hərəkəti heç vaxt redaktə olunmayan ikitərəfli mühasibat kitabında qeyd olunur: düzəlişlər yeni qeydlərdir. Ödəniş və ödəmə qeydləri Azərbaycanın mühasibat və vergi qanunvericiliyinin tələb etdiyi müddətdə, hesab silindikdən sonra da saxlanılır.',
        ],
      },
      {
        heading: '8. Əlaqə',
        paragraphs: [
          'Ödənişlə bağlı suallar: support@pencraft.az və ya rəy forması, tarix və məbləğlə (heç vaxt kart nömrəniz ilə deyil).',
        ],
      },
    ],
  },
  ru: {
    title: 'Платёжная политика',
    summary:
      'Как движутся деньги на Pencraft: подписки на издания, поддержка авторов, выплаты, лимиты, возвраты и что мы храним о ваших картах. Все суммы — в азербайджанских манатах (AZN, ₼).',
    sections: [
      {
        heading: '1. Валюта и платёжный провайдер',
        paragraphs: [
          'Все цены, поддержка и выплаты — в азербайджанских манатах (AZN). Оплату с карт принимает лицензированный платёжный провайдер; данные карты вы вводите в его форме. Pencraft никогда не получает, не хранит и не записывает в журналы номера карт и коды безопасности: мы храним ссылку провайдера, сумму, дату и результат.',
          'Платёж засчитывается только тогда, когда провайдер подтверждает его нам напрямую. То, что показывает браузер после оплаты, подтверждением не является; если подтверждение не пришло, на Pencraft ничего не зачисляется и не списывается, а провайдер снимает блокировку суммы на карте.',
        ],
      },
      {
        heading: '2. Подписки на издания',
        paragraphs: [
          'Издание может предлагать бесплатный базовый план и платные планы с оплатой за месяц или за год по цене в AZN, которую устанавливает владелец. Платная подписка даёт доступ к платным статьям издания, пока она активна, и автоматически продлевается в конце каждого периода, пока вы её не отмените.',
          'Отменить подписку можно в любое время в настройках; доступ сохраняется до конца уже оплаченного периода. Если владелец удаляет план, подписчики сохраняют доступ до окончания подписки. Прежде чем продавать планы, владелец издания подключает торговый счёт у провайдера; продавцом является владелец, и он отвечает за содержимое плана.',
        ],
      },
      {
        heading: '3. Поддержка автора',
        paragraphs: [
          'Читатели могут отправлять деньги авторам с активным счётом поддержки, до 100 AZN за раз. Поддержка — добровольный подарок: она не покупает содержимое или услугу и после подтверждения не возвращается, кроме случаев, когда она сделана без вашего разрешения (см. раздел 6). Вы можете выбрать, показывать ли автору своё имя.',
        ],
      },
      {
        heading: '4. Счета поддержки',
        paragraphs: [
          'Автор может открыть счёт поддержки, если он гражданин Азербайджана, публиковал статью за последние 3 месяца и подтвердил номер телефона. Счёт показывает баланс, поддержавших, благодарственное сообщение (не короче 10 символов) и историю. Автор может отключить счёт и позже снова включить; баланс сохраняется.',
        ],
      },
      {
        heading: '5. Выплаты',
        paragraphs: [
          'Автор запрашивает выплату баланса на личную карту: от 10 AZN до 100 AZN за запрос, не больше 100 AZN за календарный месяц, никогда не больше баланса и только одна выплата одновременно. Сумма резервируется при запросе. Выплаты выполняются за 1-5 рабочих дней; при смене состояния автор получает уведомление, а отклонённая выплата возвращает деньги на баланс.',
          'О карте для выплат мы храним только то, что сообщает провайдер: последние четыре цифры, тип карты и имя владельца. Авторы сами отвечают за декларирование дохода и уплату налогов по законам Азербайджана.',
        ],
      },
      {
        heading: '6. Возвраты и споры',
        paragraphs: [
          'Начавшийся период подписки не возвращается, кроме случаев, когда платное содержимое было недоступно по нашей вине или этого требует закон. Платёж, сделанный без вашего разрешения или списанный дважды, возвращается полностью: напишите на support@pencraft.az в течение 30 дней, указав дату и сумму.',
          'Если платёж по карте оспаривается в вашем банке, мы можем приостановить связанную подписку или счёт поддержки до окончания спора. Деньги, полученные доказанным мошенничеством, не выплачиваются.',
        ],
      },
      {
        heading: '7. Учёт',
        paragraphs: [
          'Каждое движение денег записывается в регистр двойной записи, который никогда не редактируется: исправления — это новые записи. Записи о платежах и выплатах хранятся в течение срока, установленного бухгалтерским и налоговым законодательством Азербайджана, в том числе после удаления учётной записи.',
        ],
      },
      {
        heading: '8. Связь',
        paragraphs: [
          'Вопросы о платеже: support@pencraft.az или форма обратной связи, с датой и суммой (никогда не указывайте номер карты).',
        ],
      },
    ],
  },
};
