import type { DocumentTexts } from '../document.types.js';

export const agreement: DocumentTexts = {
  en: {
    title: 'User agreement',
    summary:
      'The terms on which you use Pencraft: your account, what you publish, how we moderate, ratings, publications, payments and how either of us ends the agreement.',
    sections: [
      {
        heading: '1. The agreement',
        paragraphs: [
          'This agreement is between you and Pencraft, a platform for publishing and reading articles operated from Baku, Azerbaijan. You accept it, together with the privacy policy, when you register; visitors who only read accept it by using the site. The payment policy also applies when you pay or receive money.',
          'The law of the Republic of Azerbaijan governs this agreement. Disputes we cannot settle by talking go to the courts of Baku, without taking away any mandatory protection the law of your country gives you as a consumer.',
        ],
      },
      {
        heading: '2. Your account',
        paragraphs: [
          'You must be at least 16 years old. Give a real e-mail address and confirm it; keep your password to yourself and use a second factor if you can. One person, one account: do not register accounts for others or to get around a ban.',
          'Your username, publication name and slug can each be changed once every 14 days. You may ask to delete your account at any time in the settings; it is deleted permanently after 30 days, during which you can cancel the request.',
        ],
      },
      {
        heading: '3. What you publish',
        paragraphs: [
          "You keep the rights to your articles, translations and comments. By publishing you allow Pencraft to store, show, translate on your request, index for search, include in feeds and promote them on the platform, for as long as they are published. Translations are published under the original author's article with the translator named.",
          'Publish only what you have the right to publish. An article has a title of at most 150 characters, at most 4 subcategories, images of up to 2 MB (jpg, png) and videos from YouTube only. Paid articles of a publication are readable only by its paid subscribers; do not copy them elsewhere.',
        ],
      },
      {
        heading: '4. Rules of conduct',
        paragraphs: [
          "Not allowed: harassment, hate speech, threats and calls to violence, false information presented as fact, scams and spam, other people's personal data without consent, content that breaks the law of Azerbaijan, and manipulating votes, views or ratings (including with several accounts or automated means).",
          'The rules and bans guides explain these rules with examples; they are part of this agreement.',
        ],
      },
      {
        heading: '5. Review and moderation',
        paragraphs: [
          'Articles, translations and comments are reviewed before they are published: an automatic initial review (about 2 to 3 hours) and then a moderator (about 4 to 48 hours). A moderator may approve, reject or ask for a revision, and may remove published content that breaks these rules. You can delete a pending article within 6 hours of creating it, at most 3 times in 24 hours.',
          'For breaking the user agreement, the privacy policy, the rules of conduct, the comment or article rules, spam or misuse, a moderator may ban an account, usually for 1, 2, 5 or 30 or more days. A banned account can read but cannot publish, comment or vote. The reason and end of a ban are shown in the settings; you may contest it through the feedback form.',
        ],
      },
      {
        heading: '6. Ratings and badges',
        paragraphs: [
          'Your rating grows with the reception of your work (votes, comments, reads) and falls with moderation outcomes against you; its tiers (below 0, Guest 0-10, Amateur 10-100, Pro 100-1000, Leader over 1000) unlock features, for example downvoting needs Pro. The rating guide lists the weights. Badges are awarded automatically and once. We may correct a rating or remove a badge obtained by manipulation.',
        ],
      },
      {
        heading: '7. Publications',
        paragraphs: [
          'Each user may own one publication. Its owner invites and removes members and co-authors and is responsible for its content, its plans and the prices it charges. Members who leave or are removed keep their articles under their own name.',
        ],
      },
      {
        heading: '8. Money',
        paragraphs: [
          'Subscriptions, support and payouts are in Azerbaijani manat (AZN) and follow the payment policy. Pencraft is not a bank: money moves through the card payment provider.',
        ],
      },
      {
        heading: '9. Our service',
        paragraphs: [
          'We work to keep Pencraft available and your data safe but provide the service as it is, without a promise that it will never be interrupted. Parts marked as under construction may change or be removed. We are not liable for what other users publish, nor for indirect losses, except where the law does not allow this limitation.',
          'We may change this agreement. Each version has an identifier and a date; a significant change is announced by e-mail and on the site before it takes effect, and if you do not accept it you may delete your account.',
        ],
      },
      {
        heading: '10. Contact',
        paragraphs: [
          'support@pencraft.az, the feedback form, or the contact page (office hours daily 10:00-17:00, Baku time).',
        ],
      },
    ],
  },
  az: {
    title: 'İstifadəçi razılaşması',
    summary:
      'Pencraft-dan istifadə şərtləri: hesabınız, dərc etdikləriniz, moderasiya qaydaları, reytinqlər, nəşrlər, ödənişlər və razılaşmaya hər iki tərəfin necə son qoyması.',
    sections: [
      {
        heading: '1. Razılaşma',
        paragraphs: [
          'Bu razılaşma siz və Bakıdan, Azərbaycandan idarə olunan məqalə dərc etmə və oxuma platforması Pencraft arasında bağlanır. Siz onu məxfilik siyasəti ilə birlikdə qeydiyyat zamanı qəbul edirsiniz; yalnız oxuyan ziyarətçilər isə saytdan istifadə etməklə qəbul edir. Ödəniş etdikdə və ya pul aldıqda ödəniş siyasəti də tətbiq olunur.',
          'Bu razılaşma Azərbaycan Respublikasının qanunvericiliyi ilə tənzimlənir. Danışıqla həll edə bilmədiyimiz mübahisələrə Bakı məhkəmələri baxır; bu, ölkənizin qanununun istehlakçı kimi sizə verdiyi məcburi müdafiəni aradan qaldırmır.',
        ],
      },
      {
        heading: '2. Hesabınız',
        paragraphs: [
          'Ən azı 16 yaşınız olmalıdır. Real e-poçt ünvanı göstərin və onu təsdiqləyin; şifrənizi heç kimə verməyin və mümkünsə ikinci faktordan istifadə edin. Bir nəfər — bir hesab: başqaları üçün və ya bloklamadan yayınmaq üçün hesab açmayın.',
          'İstifadəçi adınızı, nəşrin adını və slaqını hər birini 14 gündə bir dəfə dəyişmək olar. Hesabınızın silinməsini istənilən vaxt tənzimləmələrdə istəyə bilərsiniz; o, 30 gün sonra birdəfəlik silinir və bu müddətdə sorğunu ləğv edə bilərsiniz.',
        ],
      },
      {
        heading: '3. Dərc etdikləriniz',
        paragraphs: [
          'Məqalələriniz, tərcümələriniz və şərhləriniz üzərində hüquqlar sizdə qalır. Dərc etməklə Pencraft-a onları dərcdə qaldıqları müddətdə saxlamağa, göstərməyə, istəyinizlə tərcümə etdirməyə, axtarış üçün indeksləməyə, lentlərə daxil etməyə və platformada təbliğ etməyə icazə verirsiniz. Tərcümələr orijinal müəllifin məqaləsi altında, tərcüməçinin adı ilə dərc olunur.',
          'Yalnız dərc etməyə hüququnuz olanı dərc edin. Məqalənin başlığı ən çoxu 150 simvol, ən çoxu 4 alt kateqoriya, 2 MB-a qədər şəkillər (jpg, png) və yalnız YouTube videoları ola bilər. Nəşrin ödənişli məqalələrini yalnız onun ödənişli abunəçiləri oxuya bilər; onları başqa yerə köçürməyin.',
        ],
      },
      {
        heading: '4. Davranış qaydaları',
        paragraphs: [
          'Qadağandır: təqib, nifrət nitqi, təhdid və zorakılığa çağırış, fakt kimi təqdim edilən yalan məlumat, fırıldaqçılıq və spam, razılıq olmadan başqalarının şəxsi məlumatları, Azərbaycan qanunvericiliyini pozan məzmun, səslər, baxışlar və ya reytinqlə manipulyasiya (o cümlədən bir neçə hesab və ya avtomatlaşdırılmış vasitələrlə).',
          'Qaydalar və bloklamalar bələdçiləri bu qaydaları nümunələrlə izah edir; onlar bu razılaşmanın hissəsidir.',
        ],
      },
      {
        heading: '5. Yoxlama və moderasiya',
        paragraphs: [
          'Məqalələr, tərcümələr və şərhlər dərc olunmazdan əvvəl yoxlanılır: avtomatik ilkin yoxlama (təxminən 2-3 saat), sonra moderator (təxminən 4-48 saat). Moderator təsdiqləyə, rədd edə və ya düzəliş istəyə, həmçinin bu qaydaları pozan dərc olunmuş məzmunu silə bilər. Gözləmədə olan məqaləni yaratdıqdan sonra 6 saat ərzində, 24 saatda ən çoxu 3 dəfə silə bilərsiniz.',
          'İstifadəçi razılaşmasının, məxfilik siyasətinin, davranış qaydalarının, şərh və ya məqalə qaydalarının pozulmasına, spama və ya sui-istifadəyə görə moderator hesabı, adətən 1, 2, 5 və ya 30 və daha çox günə bloklaya bilər. Bloklanmış hesab oxuya bilər, lakin dərc edə, şərh yaza və səs verə bilməz. Bloklamanın səbəbi və bitmə vaxtı tənzimləmələrdə göstərilir; ona rəy forması ilə etiraz edə bilərsiniz.',
        ],
      },
      {
        heading: '6. Reytinq və nişanlar',
        paragraphs: [
          'Reytinqiniz işinizin qəbulu ilə (səslər, şərhlər, oxunmalar) artır və əleyhinizə olan moderasiya nəticələri ilə azalır; onun səviyyələri (0-dan aşağı, Qonaq 0-10, Həvəskar 10-100, Peşəkar 100-1000, Lider 1000-dən yuxarı) imkanlar açır, məsələn, mənfi səs vermək üçün Peşəkar səviyyəsi lazımdır. Çəkilər reytinq bələdçisində göstərilib. Nişanlar avtomatik və bir dəfə verilir. Manipulyasiya ilə əldə edilmiş reytinqi düzəldə və ya nişanı geri ala bilərik.',
        ],
      },
      {
        heading: '7. Nəşrlər',
        paragraphs: [
          'Hər istifadəçinin bir nəşri ola bilər. Onun sahibi üzvləri və həmmüəllifləri dəvət edir və çıxarır, nəşrin məzmununa, planlarına və tətbiq etdiyi qiymətlərə cavabdehdir. Ayrılan və ya çıxarılan üzvlərin məqalələri öz adları altında qalır.',
        ],
      },
      {
        heading: '8. Pul',
        paragraphs: [
          'Abunələr, dəstək və ödəmələr Azərbaycan manatı (AZN) ilədir və ödəniş siyasətinə tabedir. Pencraft bank deyil: pul kart ödəniş provayderi vasitəsilə hərəkət edir.',
        ],
      },
      {
        heading: '9. Xidmətimiz',
        paragraphs: [
          'Pencraft-ın əlçatan, məlumatlarınızın isə təhlükəsiz olması üçün çalışırıq, lakin xidməti olduğu kimi təqdim edirik və heç vaxt kəsilməyəcəyinə söz vermirik. "Hazırlanır" kimi qeyd olunmuş hissələr dəyişə və ya götürülə bilər. Qanunun bu məhdudiyyətə icazə vermədiyi hallar istisna olmaqla, digər istifadəçilərin dərc etdiklərinə və dolayı itkilərə görə məsuliyyət daşımırıq.',
          'Bu razılaşmanı dəyişə bilərik. Hər versiyanın identifikatoru və tarixi var; əhəmiyyətli dəyişiklik qüvvəyə minməzdən əvvəl e-poçtla və saytda elan edilir, onu qəbul etmirsinizsə, hesabınızı silə bilərsiniz.',
        ],
      },
      {
        heading: '10. Əlaqə',
        paragraphs: [
          'support@pencraft.az, rəy forması və ya əlaqə səhifəsi (iş saatları hər gün 10:00-17:00, Bakı vaxtı).',
        ],
      },
    ],
  },
  ru: {
    title: 'Пользовательское соглашение',
    summary:
      'Условия использования Pencraft: ваша учётная запись, публикации, модерация, рейтинг, издания, платежи и то, как каждая сторона может прекратить соглашение.',
    sections: [
      {
        heading: '1. Соглашение',
        paragraphs: [
          'Это соглашение заключается между вами и Pencraft — платформой для публикации и чтения статей, работающей из Баку, Азербайджан. Вы принимаете его вместе с политикой конфиденциальности при регистрации; посетители, которые только читают, принимают его, пользуясь сайтом. Когда вы платите или получаете деньги, действует также платёжная политика.',
          'Соглашение регулируется законодательством Азербайджанской Республики. Споры, которые не удалось решить переговорами, рассматривают суды Баку; это не лишает вас обязательной защиты, которую даёт вам как потребителю закон вашей страны.',
        ],
      },
      {
        heading: '2. Ваша учётная запись',
        paragraphs: [
          'Вам должно быть не меньше 16 лет. Укажите настоящий адрес почты и подтвердите его; никому не сообщайте пароль и по возможности включите второй фактор. Один человек — одна учётная запись: не регистрируйте учётные записи для других или чтобы обойти блокировку.',
          'Имя пользователя, название и адрес (slug) издания можно менять раз в 14 дней. Удаление учётной записи можно запросить в настройках в любое время; она удаляется окончательно через 30 дней, в течение которых запрос можно отменить.',
        ],
      },
      {
        heading: '3. Что вы публикуете',
        paragraphs: [
          'Права на ваши статьи, переводы и комментарии остаются у вас. Публикуя, вы разрешаете Pencraft хранить и показывать их, переводить по вашей просьбе, индексировать для поиска, включать в ленты и продвигать на платформе, пока они опубликованы. Переводы публикуются под статьёй автора оригинала с указанием переводчика.',
          'Публикуйте только то, на что у вас есть права. У статьи заголовок не длиннее 150 символов, не больше 4 подкатегорий, изображения до 2 МБ (jpg, png) и видео только с YouTube. Платные статьи издания доступны только его платным подписчикам; не копируйте их в другие места.',
        ],
      },
      {
        heading: '4. Правила поведения',
        paragraphs: [
          'Запрещены: преследование, язык вражды, угрозы и призывы к насилию, ложная информация под видом фактов, мошенничество и спам, чужие персональные данные без согласия, содержимое, нарушающее законы Азербайджана, накрутка голосов, просмотров или рейтинга (в том числе несколькими учётными записями или автоматическими средствами).',
          'Руководства по правилам и блокировкам объясняют эти правила на примерах; они являются частью соглашения.',
        ],
      },
      {
        heading: '5. Проверка и модерация',
        paragraphs: [
          'Статьи, переводы и комментарии проверяются до публикации: автоматическая первичная проверка (около 2-3 часов), затем модератор (около 4-48 часов). Модератор может одобрить, отклонить или запросить доработку, а также удалить опубликованное содержимое, нарушающее эти правила. Статью на проверке можно удалить в течение 6 часов после создания, не больше 3 раз за 24 часа.',
          'За нарушение пользовательского соглашения, политики конфиденциальности, правил поведения, правил комментариев или статей, спам или злоупотребления модератор может заблокировать учётную запись, обычно на 1, 2, 5 или 30 и более дней. Заблокированная учётная запись может читать, но не может публиковать, комментировать и голосовать. Причина и срок блокировки видны в настройках; оспорить её можно через форму обратной связи.',
        ],
      },
      {
        heading: '6. Рейтинг и значки',
        paragraphs: [
          'Ваш рейтинг растёт, когда вашу работу хорошо принимают (голоса, комментарии, прочтения), и снижается при решениях модерации против вас; его уровни (ниже 0, Гость 0-10, Любитель 10-100, Профи 100-1000, Лидер больше 1000) открывают возможности, например голосовать против можно только с уровня Профи. Веса приведены в руководстве по рейтингу. Значки выдаются автоматически и один раз. Рейтинг, полученный накруткой, мы можем исправить, а значок — отозвать.',
        ],
      },
      {
        heading: '7. Издания',
        paragraphs: [
          'Каждый пользователь может владеть одним изданием. Владелец приглашает и исключает участников и соавторов и отвечает за содержимое издания, его планы и цены. Ушедшие или исключённые участники сохраняют свои статьи под своим именем.',
        ],
      },
      {
        heading: '8. Деньги',
        paragraphs: [
          'Подписки, поддержка и выплаты производятся в азербайджанских манатах (AZN) и подчиняются платёжной политике. Pencraft не банк: деньги движутся через платёжного провайдера.',
        ],
      },
      {
        heading: '9. Наш сервис',
        paragraphs: [
          'Мы стараемся, чтобы Pencraft был доступен, а ваши данные в безопасности, но предоставляем сервис «как есть», без обещания, что он никогда не прервётся. Разделы с пометкой «в разработке» могут измениться или исчезнуть. Мы не отвечаем за публикации других пользователей и за косвенные убытки, кроме случаев, когда закон не допускает такого ограничения.',
          'Мы можем изменить это соглашение. У каждой версии есть идентификатор и дата; о существенном изменении мы сообщаем по почте и на сайте до вступления в силу, и если вы его не принимаете, вы можете удалить учётную запись.',
        ],
      },
      {
        heading: '10. Связь',
        paragraphs: [
          'support@pencraft.az, форма обратной связи или страница контактов (часы работы ежедневно 10:00-17:00 по бакинскому времени).',
        ],
      },
    ],
  },
};
