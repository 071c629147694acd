import type { DocumentTexts } from '../document.types.js';

export const privacy: DocumentTexts = {
  en: {
    title: 'Privacy policy',
    summary:
      'What personal data Pencraft keeps, why, for how long, who else sees it and how you control it. Pencraft is operated from Baku, Azerbaijan.',
    sections: [
      {
        heading: '1. Who is responsible',
        paragraphs: [
          'Pencraft (the "platform", "we") is a platform for publishing and reading articles in Azerbaijani, English and Russian, operated from Baku, Azerbaijan. We decide why and how the personal data described here is processed and are responsible for it under the Law of the Republic of Azerbaijan "On Personal Data" and, for visitors in the European Union, the General Data Protection Regulation (see the GDPR page).',
          'Write to privacy@pencraft.az about anything in this policy, or use the feedback form on the site.',
        ],
      },
      {
        heading: '2. What we keep',
        paragraphs: [
          'Account: your e-mail address, username, full name, password (only as a salted hash, never in readable form), the time you accepted the user agreement and this policy, your interface language and theme, and, if you add them, headline, bio, birth date, country, gender, links, profile picture, banner and a phone number (verified by an SMS code).',
          'Sessions and security: for every signed-in session the browser (user agent), IP address, creation time and last use, so that you can see and end your sessions in the settings; an account log of password changes and resets, e-mail changes and confirmation; multi-factor authentication secrets, stored encrypted; failed sign-in counts used to protect your account.',
          'Content and activity: the articles, drafts, translations, comments, votes, bookmarks, collections, follows, reports and feedback you create, and reading statistics of articles (views and reads, counted per article).',
          "Payments and payouts: for publication subscriptions and support (donations) the card payment provider processes your card. We never receive or store card numbers: we keep the provider's reference, the amount in AZN, the date and the outcome. For payouts to authors we keep the last four digits and the brand of the payout card as the provider reports them, the ledger entries and the payout requests.",
          'Moderation: review decisions about your content, reports you made or received, and bans with their reason and duration.',
        ],
      },
      {
        heading: '3. Why we use it',
        paragraphs: [
          'To provide the service you asked for when you registered (the user agreement): your account, publishing, reading, comments, publications, subscriptions, support and payouts.',
          'To keep the platform safe: preventing abuse, spam and fraud, captcha checks, rate limits, moderation and bans (our legitimate interest and legal duties).',
          'To meet legal obligations, such as keeping payment records for the periods the tax and accounting laws of Azerbaijan require.',
          'With your consent only: analytics cookies that recognise a returning visitor. You can withdraw consent at any time on the cookie settings page.',
        ],
      },
      {
        heading: '4. Cookies and browser storage',
        paragraphs: [
          "pc_su: your session cookie, HttpOnly, kept for 30 days. pc_csrf: protects forms from forgery, 30 days. pc_aid (1 year) and pc_as (60 days): analytics cookies, set only after you accept them and deleted when you decline. pc_theme, pc_lang and pc_consent are kept in your browser's local storage and never sent to us as cookies. The cookie policy lists them all.",
        ],
      },
      {
        heading: '5. Who else sees it',
        paragraphs: [
          'Other users see what you publish and your public profile (username, full name, picture, banner, headline, bio, links, rating and badges). Your e-mail, phone, sessions and payment data are never shown to other users.',
          'Service providers that work for us under contract: the card payment provider (payments, subscriptions and payouts), the e-mail and SMS delivery services (confirmation codes and notifications), hosting and storage. They may use the data only to provide their service to us.',
          'Authorities, when the law of the Republic of Azerbaijan requires it. We do not sell personal data and do not show third-party advertising based on it.',
        ],
      },
      {
        heading: '6. How long we keep it',
        paragraphs: [
          'Account data for as long as the account exists. When you request deletion of your account it is permanently deleted 30 days later; until then you can cancel the request. Your articles, comments and profile go with it.',
          'Session records until the session ends or expires (30 days after sign-in at the latest). Analytics identifiers for at most one year. Payment and payout records for the period accounting and tax law requires, even after the account is deleted, without the content of your account.',
        ],
      },
      {
        heading: '7. Your rights',
        paragraphs: [
          'You may see and correct your data in the settings, download what you published, end your sessions, withdraw analytics consent, object to processing, and delete your account. For anything the settings do not offer, write to privacy@pencraft.az; we answer within 30 days.',
          'You may also complain to the supervisory authority for personal data in Azerbaijan, or, in the European Union, to the authority of your country.',
        ],
      },
      {
        heading: '8. Security',
        paragraphs: [
          'Connections are encrypted, passwords are stored only as hashes, multi-factor secrets are encrypted, card numbers never reach our servers, and access to personal data inside the team is limited to those who need it. We never write e-mails, passwords or card numbers into our logs.',
        ],
      },
      {
        heading: '9. Children',
        paragraphs: [
          'Pencraft is not meant for children under 16. We delete an account when we learn it belongs to a child under that age without the consent of a parent.',
        ],
      },
      {
        heading: '10. Changes',
        paragraphs: [
          'Each version of this policy has its own identifier and date. We announce a significant change by e-mail and on the site before it takes effect; the previous versions stay available.',
        ],
      },
    ],
  },
  az: {
    title: 'Məxfilik siyasəti',
    summary:
      'Pencraft hansı şəxsi məlumatları, nə üçün və nə qədər müddətə saxlayır, onları başqa kim görür və siz onları necə idarə edirsiniz. Pencraft Bakıdan, Azərbaycandan idarə olunur.',
    sections: [
      {
        heading: '1. Məsul tərəf',
        paragraphs: [
          'Pencraft ("platforma", "biz") Azərbaycan, ingilis və rus dillərində məqalələrin dərc edilməsi və oxunması üçün platformadır və Bakıdan, Azərbaycandan idarə olunur. Burada təsvir olunan şəxsi məlumatların nə üçün və necə emal edildiyini biz müəyyən edirik və buna görə Azərbaycan Respublikasının "Fərdi məlumatlar haqqında" Qanununa, Avropa İttifaqındakı istifadəçilər üçün isə Ümumi Məlumatların Mühafizəsi Reqlamentinə (GDPR səhifəsinə baxın) uyğun olaraq məsuliyyət daşıyırıq.',
          'Bu siyasətlə bağlı istənilən sual üçün privacy@pencraft.az ünvanına yazın və ya saytdakı rəy formasından istifadə edin.',
        ],
      },
      {
        heading: '2. Nələri saxlayırıq',
        paragraphs: [
          'Hesab: e-poçt ünvanınız, istifadəçi adınız, tam adınız, şifrəniz (yalnız duzlanmış heş kimi, heç vaxt oxunaqlı şəkildə deyil), istifadəçi razılaşmasını və bu siyasəti qəbul etdiyiniz vaxt, interfeys diliniz və temanız, həmçinin əlavə etsəniz, başlıq, bioqrafiya, doğum tarixi, ölkə, cins, keçidlər, profil şəkli, banner və telefon nömrəsi (SMS kodu ilə təsdiqlənir).',
          'Sessiyalar və təhlükəsizlik: daxil olduğunuz hər sessiya üçün brauzer (user agent), IP ünvanı, yaranma və son istifadə vaxtı ki, siz sessiyalarınızı tənzimləmələrdə görə və bitirə biləsiniz; şifrə dəyişiklikləri və bərpası, e-poçt dəyişikliyi və təsdiqlə bağlı hesab jurnalı; şifrələnmiş şəkildə saxlanılan çoxfaktorlu autentifikasiya sirləri; hesabınızı qorumaq üçün uğursuz giriş cəhdlərinin sayı.',
          'Məzmun və fəaliyyət: yaratdığınız məqalələr, qaralamalar, tərcümələr, şərhlər, səslər, əlfəcinlər, kolleksiyalar, izləmələr, şikayətlər və rəylər, həmçinin məqalələrin oxunma statistikası (hər məqalə üzrə baxış və oxunma sayı).',
          'Ödənişlər və ödəmələr: nəşr abunələri və dəstək (ianələr) üçün kartınızı kart ödəniş provayderi emal edir. Biz kart nömrələrini heç vaxt almırıq və saxlamırıq: provayderin istinadını, AZN ilə məbləği, tarixi və nəticəni saxlayırıq. Müəlliflərə ödəmələr üçün provayderin bildirdiyi kimi ödəmə kartının son dörd rəqəmini və növünü, mühasibat qeydlərini və ödəmə sorğularını saxlayırıq.',
          'Moderasiya: məzmununuzla bağlı yoxlama qərarları, etdiyiniz və ya sizə qarşı edilən şikayətlər, səbəbi və müddəti ilə birlikdə bloklamalar.',
        ],
      },
      {
        heading: '3. Nə üçün istifadə edirik',
        paragraphs: [
          'Qeydiyyat zamanı istədiyiniz xidməti göstərmək üçün (istifadəçi razılaşması): hesabınız, dərc, oxu, şərhlər, nəşrlər, abunələr, dəstək və ödəmələr.',
          'Platformanı təhlükəsiz saxlamaq üçün: sui-istifadənin, spamın və fırıldaqçılığın qarşısının alınması, kapça yoxlamaları, sorğu limitləri, moderasiya və bloklamalar (qanuni marağımız və hüquqi vəzifələrimiz).',
          'Hüquqi öhdəlikləri yerinə yetirmək üçün, məsələn, ödəniş qeydlərini Azərbaycanın vergi və mühasibat qanunvericiliyinin tələb etdiyi müddətlərdə saxlamaq.',
          'Yalnız razılığınızla: geri qayıdan ziyarətçini tanıyan analitika kukiləri. Razılığınızı istənilən vaxt kuki tənzimləmələri səhifəsində geri götürə bilərsiniz.',
        ],
      },
      {
        heading: '4. Kukilər və brauzer yaddaşı',
        paragraphs: [
          'pc_su: sessiya kukiniz, HttpOnly, 30 gün saxlanılır. pc_csrf: formaları saxtalaşdırmadan qoruyur, 30 gün. pc_aid (1 il) və pc_as (60 gün): analitika kukiləri, yalnız siz qəbul etdikdən sonra yazılır və imtina etdikdə silinir. pc_theme, pc_lang və pc_consent brauzerinizin yerli yaddaşında saxlanılır və bizə kuki kimi göndərilmir. Kuki siyasəti hamısını sadalayır.',
        ],
      },
      {
        heading: '5. Başqa kim görür',
        paragraphs: [
          'Digər istifadəçilər dərc etdiklərinizi və açıq profilinizi görür (istifadəçi adı, tam ad, şəkil, banner, başlıq, bioqrafiya, keçidlər, reytinq və nişanlar). E-poçtunuz, telefonunuz, sessiyalarınız və ödəniş məlumatlarınız heç vaxt digər istifadəçilərə göstərilmir.',
          'Müqavilə əsasında bizim üçün işləyən xidmət təminatçıları: kart ödəniş provayderi (ödənişlər, abunələr və ödəmələr), e-poçt və SMS çatdırılma xidmətləri (təsdiq kodları və bildirişlər), hostinq və yaddaş. Onlar məlumatlardan yalnız bizə xidmət göstərmək üçün istifadə edə bilərlər.',
          'Azərbaycan Respublikasının qanunu tələb etdikdə səlahiyyətli orqanlar. Biz şəxsi məlumatları satmırıq və onlara əsaslanan üçüncü tərəf reklamı göstərmirik.',
        ],
      },
      {
        heading: '6. Nə qədər saxlayırıq',
        paragraphs: [
          'Hesab məlumatları hesab mövcud olduğu müddətdə saxlanılır. Hesabınızın silinməsini istədikdə o, 30 gün sonra birdəfəlik silinir; o vaxta qədər sorğunu ləğv edə bilərsiniz. Məqalələriniz, şərhləriniz və profiliniz də onunla birlikdə silinir.',
          'Sessiya qeydləri sessiya bitənə və ya vaxtı keçənə qədər (ən geci girişdən 30 gün sonra). Analitika identifikatorları ən çoxu bir il. Ödəniş və ödəmə qeydləri mühasibat və vergi qanunvericiliyinin tələb etdiyi müddət ərzində, hesab silindikdən sonra da, hesabınızın məzmunu olmadan saxlanılır.',
        ],
      },
      {
        heading: '7. Hüquqlarınız',
        paragraphs: [
          'Siz məlumatlarınızı tənzimləmələrdə görə və düzəldə, dərc etdiklərinizi yükləyə, sessiyalarınızı bitirə, analitika razılığını geri götürə, emala etiraz edə və hesabınızı silə bilərsiniz. Tənzimləmələrin təklif etmədiyi hər şey üçün privacy@pencraft.az ünvanına yazın; 30 gün ərzində cavab veririk.',
          'Siz həmçinin Azərbaycanda fərdi məlumatlar üzrə nəzarət orqanına, Avropa İttifaqında isə ölkənizin orqanına şikayət edə bilərsiniz.',
        ],
      },
      {
        heading: '8. Təhlükəsizlik',
        paragraphs: [
          'Bağlantılar şifrələnir, şifrələr yalnız heş kimi saxlanılır, çoxfaktorlu sirlər şifrələnir, kart nömrələri serverlərimizə heç vaxt çatmır və komanda daxilində şəxsi məlumatlara giriş yalnız ehtiyacı olanlarla məhdudlaşır. E-poçtları, şifrələri və kart nömrələrini heç vaxt jurnallarımıza yazmırıq.',
        ],
      },
      {
        heading: '9. Uşaqlar',
        paragraphs: [
          'Pencraft 16 yaşdan kiçik uşaqlar üçün nəzərdə tutulmayıb. Hesabın valideyn razılığı olmadan həmin yaşdan kiçik uşağa məxsus olduğunu öyrəndikdə onu silirik.',
        ],
      },
      {
        heading: '10. Dəyişikliklər',
        paragraphs: [
          'Bu siyasətin hər versiyasının öz identifikatoru və tarixi var. Əhəmiyyətli dəyişikliyi qüvvəyə minməzdən əvvəl e-poçtla və saytda elan edirik; əvvəlki versiyalar əlçatan qalır.',
        ],
      },
    ],
  },
  ru: {
    title: 'Политика конфиденциальности',
    summary:
      'Какие персональные данные хранит Pencraft, зачем и как долго, кто ещё их видит и как вы ими управляете. Pencraft работает из Баку, Азербайджан.',
    sections: [
      {
        heading: '1. Кто отвечает',
        paragraphs: [
          'Pencraft («платформа», «мы») — платформа для публикации и чтения статей на азербайджанском, английском и русском языках, работающая из Баку, Азербайджан. Мы определяем, зачем и как обрабатываются описанные здесь персональные данные, и отвечаем за это по Закону Азербайджанской Республики «О персональных данных», а для посетителей из Европейского союза — по Общему регламенту по защите данных (см. страницу GDPR).',
          'По любым вопросам этой политики пишите на privacy@pencraft.az или воспользуйтесь формой обратной связи на сайте.',
        ],
      },
      {
        heading: '2. Что мы храним',
        paragraphs: [
          'Учётная запись: адрес электронной почты, имя пользователя, полное имя, пароль (только в виде хеша с солью, никогда в читаемом виде), время принятия пользовательского соглашения и этой политики, язык интерфейса и тема, а также, если вы их добавите, заголовок, биография, дата рождения, страна, пол, ссылки, фото профиля, баннер и номер телефона (подтверждается SMS-кодом).',
          'Сеансы и безопасность: для каждого сеанса входа — браузер (user agent), IP-адрес, время создания и последнего использования, чтобы вы могли видеть и завершать сеансы в настройках; журнал учётной записи о смене и сбросе пароля, смене почты и подтверждении; секреты многофакторной аутентификации в зашифрованном виде; счётчики неудачных входов для защиты учётной записи.',
          'Содержимое и активность: созданные вами статьи, черновики, переводы, комментарии, голоса, закладки, коллекции, подписки, жалобы и отзывы, а также статистика чтения статей (просмотры и прочтения по каждой статье).',
          'Платежи и выплаты: при подписках на издания и поддержке (донатах) карту обрабатывает платёжный провайдер. Мы никогда не получаем и не храним номера карт: мы храним ссылку провайдера, сумму в AZN, дату и результат. Для выплат авторам мы храним последние четыре цифры и тип карты для выплат, как их сообщает провайдер, записи учёта и заявки на выплату.',
          'Модерация: решения проверки вашего содержимого, поданные вами и на вас жалобы, блокировки с причиной и сроком.',
        ],
      },
      {
        heading: '3. Зачем мы их используем',
        paragraphs: [
          'Чтобы оказывать услугу, о которой вы просили при регистрации (пользовательское соглашение): учётная запись, публикация, чтение, комментарии, издания, подписки, поддержка и выплаты.',
          'Чтобы платформа оставалась безопасной: предотвращение злоупотреблений, спама и мошенничества, проверки капчи, ограничения частоты запросов, модерация и блокировки (наш законный интерес и правовые обязанности).',
          'Чтобы выполнять требования закона, например хранить платёжные записи в сроки, установленные налоговым и бухгалтерским законодательством Азербайджана.',
          'Только с вашего согласия: аналитические cookie, узнающие вернувшегося посетителя. Согласие можно отозвать в любой момент на странице настроек cookie.',
        ],
      },
      {
        heading: '4. Cookie и хранилище браузера',
        paragraphs: [
          'pc_su — cookie вашего сеанса, HttpOnly, хранится 30 дней. pc_csrf — защищает формы от подделки, 30 дней. pc_aid (1 год) и pc_as (60 дней) — аналитические cookie, устанавливаются только после вашего согласия и удаляются при отказе. pc_theme, pc_lang и pc_consent хранятся в локальном хранилище браузера и не отправляются нам как cookie. Все они перечислены в политике cookie.',
        ],
      },
      {
        heading: '5. Кто ещё их видит',
        paragraphs: [
          'Другие пользователи видят то, что вы публикуете, и ваш открытый профиль (имя пользователя, полное имя, фото, баннер, заголовок, биография, ссылки, рейтинг и значки). Ваша почта, телефон, сеансы и платёжные данные другим пользователям никогда не показываются.',
          'Поставщики услуг, работающие на нас по договору: платёжный провайдер (платежи, подписки и выплаты), службы доставки почты и SMS (коды подтверждения и уведомления), хостинг и хранилище. Они могут использовать данные только для оказания нам своей услуги.',
          'Государственные органы, когда этого требует закон Азербайджанской Республики. Мы не продаём персональные данные и не показываем стороннюю рекламу на их основе.',
        ],
      },
      {
        heading: '6. Как долго мы храним',
        paragraphs: [
          'Данные учётной записи — пока она существует. Когда вы запрашиваете удаление учётной записи, она окончательно удаляется через 30 дней; до этого запрос можно отменить. Вместе с ней удаляются ваши статьи, комментарии и профиль.',
          'Записи о сеансах — до завершения или истечения сеанса (не позднее 30 дней после входа). Аналитические идентификаторы — не более одного года. Записи о платежах и выплатах — в течение срока, установленного бухгалтерским и налоговым законодательством, в том числе после удаления учётной записи, без её содержимого.',
        ],
      },
      {
        heading: '7. Ваши права',
        paragraphs: [
          'Вы можете видеть и исправлять свои данные в настройках, выгружать опубликованное, завершать сеансы, отзывать согласие на аналитику, возражать против обработки и удалить учётную запись. Для всего, чего нет в настройках, пишите на privacy@pencraft.az; мы отвечаем в течение 30 дней.',
          'Вы также можете подать жалобу в надзорный орган по персональным данным Азербайджана, а в Европейском союзе — в орган своей страны.',
        ],
      },
      {
        heading: '8. Безопасность',
        paragraphs: [
          'Соединения шифруются, пароли хранятся только в виде хешей, секреты многофакторной аутентификации зашифрованы, номера карт никогда не попадают на наши серверы, а доступ к персональным данным внутри команды есть только у тех, кому он нужен. Мы никогда не записываем в журналы адреса почты, пароли и номера карт.',
        ],
      },
      {
        heading: '9. Дети',
        paragraphs: [
          'Pencraft не предназначен для детей младше 16 лет. Мы удаляем учётную запись, если узнаём, что она принадлежит ребёнку младше этого возраста без согласия родителя.',
        ],
      },
      {
        heading: '10. Изменения',
        paragraphs: [
          'У каждой версии этой политики есть свой идентификатор и дата. О существенном изменении мы сообщаем по почте и на сайте до его вступления в силу; предыдущие версии остаются доступными.',
        ],
      },
    ],
  },
};
