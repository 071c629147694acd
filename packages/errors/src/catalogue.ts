import type { Lang } from './lang.js';

/** One error of SPEC.md section 8: its HTTP status, its gRPC status code and a message per language. */
export type ErrorEntry = { readonly http: number; readonly grpc: number } & { readonly [L in Lang]: string };

// Status pairs, so every entry of one kind maps the same way (HTTP status, gRPC status code).
const INVALID = { http: 400, grpc: 3 } as const; // INVALID_ARGUMENT
const UNAUTHENTICATED = { http: 401, grpc: 16 } as const;
const PAYMENT_REQUIRED = { http: 402, grpc: 9 } as const; // FAILED_PRECONDITION
const DENIED = { http: 403, grpc: 7 } as const; // PERMISSION_DENIED
const NOT_FOUND = { http: 404, grpc: 5 } as const;
const EXISTS = { http: 409, grpc: 6 } as const; // ALREADY_EXISTS
const CONFLICT = { http: 409, grpc: 9 } as const; // FAILED_PRECONDITION: the current state forbids it
const LIMIT = { http: 429, grpc: 8 } as const; // RESOURCE_EXHAUSTED: a count, quota or rate limit
const INTERNAL = { http: 500, grpc: 13 } as const;
const UNAVAILABLE = { http: 503, grpc: 14 } as const;

export const CATALOGUE = {
  // Network and general
  NetworkError: {
    ...UNAVAILABLE,
    az: 'Şəbəkə xətası baş verdi. İnternet bağlantınızı yoxlayıb yenidən cəhd edin.',
    en: 'A network error occurred. Check your connection and try again.',
    ru: 'Произошла ошибка сети. Проверьте подключение и повторите попытку.',
  },
  InternalServerError: {
    ...INTERNAL,
    az: 'Daxili server xətası',
    en: 'Internal Server Error',
    ru: 'Внутренняя ошибка сервера',
  },
  OperationFailed: {
    ...CONFLICT,
    az: 'Əməliyyat uğursuz oldu, xahiş edirik yenidən cəhd edin.',
    en: 'The operation failed, please try again.',
    ru: 'Не удалось выполнить операцию, пожалуйста, попробуйте ещё раз.',
  },
  Unauthorized: {
    ...UNAUTHENTICATED,
    az: 'Davam etmək üçün hesabınıza daxil olun.',
    en: 'Please sign in to continue.',
    ru: 'Войдите в аккаунт, чтобы продолжить.',
  },
  Forbidden: {
    ...DENIED,
    az: 'Bu əməliyyatı yerinə yetirmək üçün icazəniz yoxdur.',
    en: 'You do not have permission to do this.',
    ru: 'У вас нет прав на это действие.',
  },
  NotFound: {
    ...NOT_FOUND,
    az: 'Axtardığınız səhifə və ya məlumat tapılmadı.',
    en: 'The page or item you are looking for was not found.',
    ru: 'Запрошенная страница или данные не найдены.',
  },
  InvalidModel: {
    ...INVALID,
    az: 'Göndərilən məlumatlar yanlışdır.',
    en: 'The submitted data is invalid.',
    ru: 'Отправленные данные некорректны.',
  },
  NullOrEmpty: {
    ...INVALID,
    az: 'Bu sahə mütləq doldurulmalıdır.',
    en: 'This field is required.',
    ru: 'Это поле обязательно для заполнения.',
  },
  InvalidPage: {
    ...INVALID,
    az: 'Səhifə nömrəsi yanlışdır.',
    en: 'The page number is invalid.',
    ru: 'Неверный номер страницы.',
  },
  InvalidIdentifier: {
    ...INVALID,
    az: 'İdentifikator yanlışdır.',
    en: 'The identifier is invalid.',
    ru: 'Неверный идентификатор.',
  },
  TooManyRequests: {
    ...LIMIT,
    az: 'Həddindən çox sorğu göndərildi. Bir az sonra yenidən cəhd edin.',
    en: 'Too many requests. Please try again later.',
    ru: 'Слишком много запросов. Повторите попытку позже.',
  },
  Flood: {
    ...LIMIT,
    az: 'Bu əməliyyatı çox tez-tez edirsiniz. Bir az sonra yenidən cəhd edin.',
    en: 'You are doing this too often. Please try again later.',
    ru: 'Вы делаете это слишком часто. Повторите попытку позже.',
  },
  ExpiredOrInvalid: {
    ...INVALID,
    az: 'Bu kod artıq etibarlı deyil. Yeni kod tələb edin.',
    en: 'This code is no longer valid. Request a new one.',
    ru: 'Этот код больше не действителен. Запросите новый.',
  },
  WrongCode: {
    ...INVALID,
    az: 'Kod yanlışdır. Yoxlayıb yenidən cəhd edin.',
    en: 'The code is incorrect. Check it and try again.',
    ru: 'Неверный код. Проверьте его и повторите попытку.',
  },
  ChallengeFailed: {
    ...DENIED,
    az: 'Təhlükəsizlik yoxlanışı uğursuz oldu. Səhifəni yeniləyib yenidən cəhd edin.',
    en: 'The security check failed. Reload the page and try again.',
    ru: 'Проверка безопасности не пройдена. Обновите страницу и повторите попытку.',
  },
  CouldNotVerify: {
    ...INVALID,
    az: 'Təsdiqləməni tamamlamaq mümkün olmadı. Yenidən cəhd edin.',
    en: 'We could not complete the verification. Please try again.',
    ru: 'Не удалось завершить подтверждение. Повторите попытку.',
  },

  // Collections
  CollectionNotFound: {
    ...NOT_FOUND,
    az: 'Kolleksiya tapılmadı.',
    en: 'Collection not found.',
    ru: 'Коллекция не найдена.',
  },
  MaximumCollectionsCount: {
    ...LIMIT,
    az: 'Kolleksiyaların maksimum sayına çatmısınız.',
    en: 'You have reached the maximum number of collections.',
    ru: 'Достигнуто максимальное количество коллекций.',
  },
  CantSaveOwnCollection: {
    ...CONFLICT,
    az: 'Öz kolleksiyanızı yadda saxlaya bilməzsiniz.',
    en: 'You cannot save your own collection.',
    ru: 'Нельзя сохранить собственную коллекцию.',
  },
  CantRemoveOwnCollection: {
    ...CONFLICT,
    az: 'Öz kolleksiyanızı yadda saxlanılanlardan silə bilməzsiniz.',
    en: 'You cannot remove your own collection from your saved collections.',
    ru: 'Нельзя удалить собственную коллекцию из сохранённых.',
  },
  MaximumCollectionItemsCount: {
    ...LIMIT,
    az: 'Kolleksiyada məqalələrin maksimum sayına çatılıb.',
    en: 'This collection already holds the maximum number of articles.',
    ru: 'В коллекции уже максимальное количество статей.',
  },

  // Articles
  ArticleNotFound: {
    ...NOT_FOUND,
    az: 'Məqalə tapılmadı.',
    en: 'Article not found.',
    ru: 'Статья не найдена.',
  },
  InvalidArticleTitle: {
    ...INVALID,
    az: 'Başlıq mütləqdir və 150 simvoldan çox olmamalıdır.',
    en: 'The title is required and must be at most 150 characters.',
    ru: 'Заголовок обязателен и должен содержать не более 150 символов.',
  },
  InvalidArticleDescription: {
    ...INVALID,
    az: 'Təsvir 300 simvoldan çox olmamalıdır.',
    en: 'The description must be at most 300 characters.',
    ru: 'Описание должно содержать не более 300 символов.',
  },
  InvalidArticleContent: {
    ...INVALID,
    az: 'Məqalənin məzmunu yanlışdır.',
    en: 'The article content is invalid.',
    ru: 'Содержимое статьи некорректно.',
  },
  InvalidCategory: {
    ...INVALID,
    az: 'Kateqoriya yanlışdır. Siyahıdan birini seçin.',
    en: 'The category is invalid. Choose one from the list.',
    ru: 'Недопустимая категория. Выберите одну из списка.',
  },
  InvalidContentMin: {
    ...INVALID,
    az: 'Məqalə çox qısadır: mətni ən azı 50 simvol olmalıdır. Daha çox məzmun əlavə edin.',
    en: 'The article is too short: its text must be at least 50 characters. Add more content.',
    ru: 'Статья слишком короткая: в тексте должно быть не меньше 50 символов. Добавьте больше текста.',
  },
  InvalidContentMax: {
    ...INVALID,
    az: 'Məqalə çox uzundur: mətni ən çoxu 30 000 simvol ola bilər. Onu qısaldın.',
    en: 'The article is too long: its text can be at most 30,000 characters. Shorten it.',
    ru: 'Статья слишком длинная: в тексте может быть не больше 30 000 символов. Сократите её.',
  },
  CannotDownvote: {
    ...DENIED,
    az: 'Mənfi səs vermək üçün Pro reytinqiniz olmalıdır.',
    en: 'You need the Pro rating to downvote.',
    ru: 'Голосовать против можно только с рейтингом Pro.',
  },
  ArticleTranslationNotFound: {
    ...NOT_FOUND,
    az: 'Məqalənin tərcüməsi tapılmadı.',
    en: 'Article translation not found.',
    ru: 'Перевод статьи не найден.',
  },
  MaxArticlePublishCount: {
    ...LIMIT,
    az: 'Məqalə dərc etmə limitinə çatmısınız: yoxlamada ən çoxu 5 məqalə ola bilər. Bir az sonra yenidən cəhd edin.',
    en: 'You have reached the article publishing limit: at most 5 articles can await review. Please try again later.',
    ru: 'Достигнут лимит публикации статей: на проверке может быть не больше 5 статей. Повторите попытку позже.',
  },
  EditArticleCount: {
    ...LIMIT,
    az: 'Bu məqalə üçün redaktə limitinə çatmısınız: dərc olunmuş məqaləni ən çoxu 5 dəfə redaktə etmək olar.',
    en: 'You have reached the edit limit for this article: a published article can be edited at most 5 times.',
    ru: 'Достигнут лимит редактирования этой статьи: опубликованную статью можно изменить не больше 5 раз.',
  },
  ArticleEditPending: {
    ...CONFLICT,
    az: 'Bu məqalənin bir redaktəsi artıq yoxlamadadır. Onun nəticəsini gözləyin.',
    en: 'An edit of this article is already waiting for review. Please wait for its outcome.',
    ru: 'Правка этой статьи уже ожидает проверки. Дождитесь её результата.',
  },
  DraftNotFound: {
    ...NOT_FOUND,
    az: 'Qaralama tapılmadı.',
    en: 'Draft not found.',
    ru: 'Черновик не найден.',
  },
  DraftConflict: {
    ...CONFLICT,
    az: 'Bu qaralama başqa pəncərədə dəyişdirilib. Son versiyanı yükləyin və dəyişikliklərinizi yenidən tətbiq edin.',
    en: 'This draft was changed in another window. Load the latest version and apply your changes again.',
    ru: 'Этот черновик изменён в другом окне. Загрузите последнюю версию и внесите изменения снова.',
  },
  MaxDraftsCountReached: {
    ...LIMIT,
    az: 'Qaralamaların maksimum sayına çatmısınız (10). Yenisini yaratmaq üçün birini silin.',
    en: 'You have reached the maximum number of drafts (10). Delete one to create a new one.',
    ru: 'Достигнуто максимальное число черновиков (10). Удалите один, чтобы создать новый.',
  },
  // Paid readers need a publication's plans; a personal article is free for everyone (issue #14).
  PaidAudienceNeedsPublication: {
    ...INVALID,
    az: 'Ödənişli oxucular üçün məqalə yalnız nəşrdə ola bilər. Şəxsi bloqdakı məqalə hamı üçün pulsuzdur.',
    en: 'Only a publication can publish for paid readers. An article on your personal blog is free for everyone.',
    ru: 'Статьи для платных читателей возможны только в издании. Статья в личном блоге бесплатна для всех.',
  },
  MaxDraftTranslationsCountReached: {
    ...LIMIT,
    az: 'Tərcümə qaralamalarının maksimum sayına çatmısınız (5). Yenisini yaratmaq üçün birini silin.',
    en: 'You have reached the maximum number of draft translations (5). Delete one to create a new one.',
    ru: 'Достигнуто максимальное число черновиков переводов (5). Удалите один, чтобы создать новый.',
  },
  ArticleDeletionExpired: {
    ...CONFLICT,
    az: 'Bu məqaləni artıq silmək olmaz: gözləyən məqalə yaradıldıqdan sonra 6 saat ərzində və yoxlanışdan əvvəl silinə bilər.',
    en: 'This article can no longer be deleted: a pending article can be deleted within 6 hours of its creation and before review.',
    ru: 'Эту статью уже нельзя удалить: ожидающую статью можно удалить в течение 6 часов после создания и до проверки.',
  },
  MaxArticleDeletionCount: {
    ...LIMIT,
    az: 'Gün ərzində ən çoxu 3 məqalə silmək olar. Bir az sonra yenidən cəhd edin.',
    en: 'You can delete at most 3 articles in 24 hours. Please try again later.',
    ru: 'За 24 часа можно удалить не больше 3 статей. Повторите попытку позже.',
  },
  ArticleTranslationAvailable: {
    ...EXISTS,
    az: 'Bu məqalənin həmin dilə tərcüməsi artıq mövcuddur.',
    en: 'A translation of this article into this language already exists.',
    ru: 'Перевод этой статьи на этот язык уже существует.',
  },
  AuthorAlreadyInvited: {
    ...EXISTS,
    az: 'Bu müəllif artıq dəvət olunub.',
    en: 'This author has already been invited.',
    ru: 'Этот автор уже приглашён.',
  },
  MaxAuthorsCountReached: {
    ...LIMIT,
    az: 'Həmmüəlliflərin maksimum sayına çatılıb (3).',
    en: 'The maximum number of co-authors (3) has been reached.',
    ru: 'Достигнуто максимальное количество соавторов (3).',
  },
  InvitationNotFound: {
    ...NOT_FOUND,
    az: 'Dəvət tapılmadı və ya artıq cavablandırılıb.',
    en: 'The invitation was not found or has already been answered.',
    ru: 'Приглашение не найдено или на него уже ответили.',
  },

  // Account
  IncorrectEmailOrPassword: {
    ...UNAUTHENTICATED,
    az: 'E-poçt və ya şifrə yanlışdır.',
    en: 'Incorrect email or password.',
    ru: 'Неверный адрес электронной почты или пароль.',
  },
  InvalidIdentity: {
    ...INVALID,
    az: 'Düzgün e-poçt ünvanı və ya istifadəçi adı daxil edin.',
    en: 'Enter a valid email address or username.',
    ru: 'Введите корректный адрес электронной почты или имя пользователя.',
  },
  IncorrectOldPassword: {
    ...INVALID,
    az: 'Cari şifrə yanlışdır.',
    en: 'The current password is incorrect.',
    ru: 'Текущий пароль указан неверно.',
  },
  NewOldPasswordMatch: {
    ...INVALID,
    az: 'Yeni şifrə cari şifrədən fərqli olmalıdır.',
    en: 'The new password must differ from the current one.',
    ru: 'Новый пароль должен отличаться от текущего.',
  },
  InvalidEmail: {
    ...INVALID,
    az: 'Düzgün e-poçt ünvanı daxil edin.',
    en: 'Enter a valid email address.',
    ru: 'Введите корректный адрес электронной почты.',
  },
  InvalidPassword: {
    ...INVALID,
    az: 'Şifrə 8–128 simvol uzunluğunda olmalı, boşluqsuz latın hərfləri, rəqəmlər və simvollardan ibarət olmalı, ən azı bir hərf və bir rəqəm ehtiva etməlidir.',
    en: 'The password must be 8–128 characters: Latin letters, digits and symbols, no spaces, at least one letter and one digit.',
    ru: 'Пароль должен содержать от 8 до 128 символов: латинские буквы, цифры и символы, без пробелов, минимум одну букву и одну цифру.',
  },
  InvalidUsername: {
    ...INVALID,
    az: 'İstifadəçi adı 3–32 simvol uzunluğunda olmalı, hərflə başlamalı və yalnız latın hərfləri, rəqəmlər və alt xətdən (_) ibarət olmalıdır.',
    en: 'The username must be 3–32 characters of Latin letters, digits and underscores, starting with a letter.',
    ru: 'Имя пользователя должно содержать от 3 до 32 символов (латинские буквы, цифры и подчёркивание) и начинаться с буквы.',
  },
  UsernameAlreadyExists: {
    ...EXISTS,
    az: 'Bu istifadəçi adı artıq tutulub.',
    en: 'This username is already taken.',
    ru: 'Это имя пользователя уже занято.',
  },
  EmailAlreadyExists: {
    ...EXISTS,
    az: 'Bu e-poçt ünvanı ilə hesab artıq mövcuddur.',
    en: 'An account with this email address already exists.',
    ru: 'Аккаунт с этим адресом электронной почты уже существует.',
  },
  NewOldEmailMatch: {
    ...INVALID,
    az: 'Yeni e-poçt ünvanı cari ünvandan fərqli olmalıdır.',
    en: 'The new email address must differ from the current one.',
    ru: 'Новый адрес электронной почты должен отличаться от текущего.',
  },
  AlreadyRequestedDeletion: {
    ...EXISTS,
    az: 'Siz artıq hesabın silinməsini tələb etmisiniz.',
    en: 'You have already requested account deletion.',
    ru: 'Вы уже запросили удаление аккаунта.',
  },
  MfaAlreadyEnabled: {
    ...EXISTS,
    az: 'İkimərhələli doğrulama artıq aktivdir. Yenisini qurmaq üçün əvvəlcə onu söndürün.',
    en: 'Two-factor authentication is already on. Turn it off first to set it up again.',
    ru: 'Двухфакторная аутентификация уже включена. Чтобы настроить её заново, сначала отключите её.',
  },
  MfaNotEnabled: {
    ...CONFLICT,
    az: 'İkimərhələli doğrulama aktiv deyil.',
    en: 'Two-factor authentication is not on.',
    ru: 'Двухфакторная аутентификация не включена.',
  },
  InvalidPhoneNumber: {
    ...INVALID,
    az: 'Düzgün telefon nömrəsi daxil edin.',
    en: 'Enter a valid phone number.',
    ru: 'Введите корректный номер телефона.',
  },
  PhoneNumberAlreadyExists: {
    ...EXISTS,
    az: 'Bu telefon nömrəsi artıq istifadə olunur.',
    en: 'This phone number is already in use.',
    ru: 'Этот номер телефона уже используется.',
  },
  NewOldPhoneNumberMatch: {
    ...INVALID,
    az: 'Yeni telefon nömrəsi cari nömrədən fərqli olmalıdır.',
    en: 'The new phone number must differ from the current one.',
    ru: 'Новый номер телефона должен отличаться от текущего.',
  },
  CantUpdateUsername: {
    ...LIMIT,
    az: 'İstifadəçi adını 14 gündə yalnız bir dəfə dəyişmək olar.',
    en: 'You can change your username only once every 14 days.',
    ru: 'Имя пользователя можно менять только раз в 14 дней.',
  },
  InvalidTheme: {
    ...INVALID,
    az: 'Tema yanlışdır. Tünd, açıq və ya sistem temasını seçin.',
    en: 'The theme is invalid. Choose dark, light or system.',
    ru: 'Недопустимая тема. Выберите тёмную, светлую или системную.',
  },
  UserNotFound: {
    ...NOT_FOUND,
    az: 'İstifadəçi tapılmadı.',
    en: 'User not found.',
    ru: 'Пользователь не найден.',
  },
  UserBanned: {
    ...DENIED,
    az: 'Hesabınız bloklanıb.',
    en: 'Your account has been banned.',
    ru: 'Ваш аккаунт заблокирован.',
  },
  // Staff routes: a Keycloak access token that is forged, expired, for another audience or issuer (issue #9)
  TokenRejected: {
    ...UNAUTHENTICATED,
    az: 'Giriş müddəti bitib və ya etibarsızdır. Yenidən daxil olun.',
    en: 'Your sign-in has expired or is not valid. Please sign in again.',
    ru: 'Срок входа истёк или он недействителен. Войдите снова.',
  },
  AccountNotConfirmed: {
    ...DENIED,
    az: 'Dərc etmək üçün əvvəlcə e-poçt ünvanınızı təsdiqləyin.',
    en: 'Confirm your e-mail address before you publish.',
    ru: 'Подтвердите адрес электронной почты, прежде чем публиковать.',
  },

  // Registration (SPEC.md names these in prose; the email/username/fullname/bio/headline ones are listed elsewhere)
  CaptchaRequired: {
    ...INVALID,
    az: 'Zəhmət olmasa, robot olmadığınızı təsdiqləyin.',
    en: 'Please complete the captcha check.',
    ru: 'Пожалуйста, пройдите проверку капчи.',
  },
  AgreementsNotAccepted: {
    ...INVALID,
    az: 'İstifadəçi razılaşmasını və məxfilik siyasətini qəbul etməlisiniz.',
    en: 'You must accept the user agreement and the privacy policy.',
    ru: 'Необходимо принять пользовательское соглашение и политику конфиденциальности.',
  },
  InvalidBirthdate: {
    ...INVALID,
    az: 'Düzgün doğum tarixi daxil edin.',
    en: 'Enter a valid date of birth.',
    ru: 'Введите корректную дату рождения.',
  },

  // Support and payout
  InvalidName: {
    ...INVALID,
    az: 'Düzgün ad daxil edin.',
    en: 'Enter a valid name.',
    ru: 'Введите корректное имя.',
  },
  InvalidTitle: {
    ...INVALID,
    az: 'Düzgün başlıq daxil edin.',
    en: 'Enter a valid title.',
    ru: 'Введите корректный заголовок.',
  },
  InvalidDescription: {
    ...INVALID,
    az: 'Düzgün təsvir daxil edin.',
    en: 'Enter a valid description.',
    ru: 'Введите корректное описание.',
  },
  InvalidCardNumber: {
    ...INVALID,
    az: 'Düzgün kart nömrəsi daxil edin.',
    en: 'Enter a valid card number.',
    ru: 'Введите корректный номер карты.',
  },
  InvalidMessage: {
    ...INVALID,
    az: 'Mesaj ən azı 10 simvoldan ibarət olmalıdır.',
    en: 'The message must be at least 10 characters long.',
    ru: 'Сообщение должно содержать не менее 10 символов.',
  },
  InsufficientFunds: {
    ...CONFLICT,
    az: 'Balansınızda kifayət qədər vəsait yoxdur.',
    en: 'Your balance is too low for this amount.',
    ru: 'Недостаточно средств на балансе.',
  },
  InvalidAmount: {
    ...INVALID,
    az: 'Düzgün məbləğ daxil edin.',
    en: 'Enter a valid amount.',
    ru: 'Введите корректную сумму.',
  },
  NoCard: {
    ...CONFLICT,
    az: 'Əvvəlcə bank kartı əlavə edin.',
    en: 'Add a bank card first.',
    ru: 'Сначала добавьте банковскую карту.',
  },
  InvalidCardHolder: {
    ...INVALID,
    az: 'Kart sahibinin adını düzgün daxil edin.',
    en: 'Enter a valid cardholder name.',
    ru: 'Введите корректное имя владельца карты.',
  },
  MonthlyPayoutLimitReached: {
    ...LIMIT,
    az: 'Aylıq vəsait çıxarma limitinə (100 AZN) çatmısınız.',
    en: 'You have reached the monthly payout limit (100 AZN).',
    ru: 'Достигнут месячный лимит выплат (100 AZN).',
  },
  AlreadyHasDonationAccount: {
    ...EXISTS,
    az: 'Sizin artıq dəstək hesabınız var.',
    en: 'You already have a support account.',
    ru: 'У вас уже есть аккаунт для получения поддержки.',
  },
  NoDonationAccount: {
    ...CONFLICT,
    az: 'Sizin hələ dəstək hesabınız yoxdur.',
    en: 'You do not have a support account yet.',
    ru: 'У вас ещё нет аккаунта для получения поддержки.',
  },
  CantCreateDonationAccount: {
    ...CONFLICT,
    az: 'Dəstək hesabını yaratmaq mümkün olmadı.',
    en: 'The support account could not be created.',
    ru: 'Не удалось создать аккаунт для получения поддержки.',
  },
  DonationAccountDisabled: {
    ...CONFLICT,
    az: 'Bu dəstək hesabı deaktiv edilib: hazırda dəstək qəbul etmir.',
    en: 'This support account is deactivated: it takes no support now.',
    ru: 'Этот аккаунт для получения поддержки отключён: сейчас он не принимает поддержку.',
  },
  DonationAccountNotEligible: {
    ...DENIED,
    az: 'Dəstək hesabı üçün Azərbaycan vətəndaşlığı, son 3 ayda dərc olunmuş məqalə və təsdiqlənmiş telefon nömrəsi tələb olunur.',
    en: 'A support account requires Azerbaijani citizenship, an article published in the last 3 months and a verified phone number.',
    ru: 'Для аккаунта получения поддержки нужны гражданство Азербайджана, статья, опубликованная за последние 3 месяца, и подтверждённый номер телефона.',
  },
  HasActivePayout: {
    ...CONFLICT,
    az: 'Sizin artıq icrada olan vəsait çıxarma sorğunuz var.',
    en: 'You already have a payout in progress.',
    ru: 'У вас уже есть выплата в обработке.',
  },
  PaymentFailed: {
    ...PAYMENT_REQUIRED,
    az: 'Ödəniş uğursuz oldu. Yenidən cəhd edin.',
    en: 'The payment failed. Please try again.',
    ru: 'Платёж не прошёл. Повторите попытку.',
  },

  // Notifications: an unknown id and another user's answer alike.
  NotificationNotFound: {
    ...NOT_FOUND,
    az: 'Bildiriş tapılmadı.',
    en: 'Notification not found.',
    ru: 'Уведомление не найдено.',
  },

  // Comments
  CommentNotFound: {
    ...NOT_FOUND,
    az: 'Şərh tapılmadı.',
    en: 'Comment not found.',
    ru: 'Комментарий не найден.',
  },
  RawCommentNotFound: {
    ...NOT_FOUND,
    az: 'Şərhin ilkin mətni tapılmadı.',
    en: 'The original text of the comment was not found.',
    ru: 'Исходный текст комментария не найден.',
  },
  EditCommentNotFound: {
    ...NOT_FOUND,
    az: 'Redaktə ediləcək şərh tapılmadı.',
    en: 'The comment to edit was not found.',
    ru: 'Комментарий для редактирования не найден.',
  },
  InvalidContent: {
    ...INVALID,
    az: 'Mətn boşdur və ya çox uzundur.',
    en: 'The text is empty or too long.',
    ru: 'Текст пустой или слишком длинный.',
  },
  ForbiddenSelfReaction: {
    ...DENIED,
    az: 'Öz paylaşımınıza səs verə bilməzsiniz.',
    en: 'You cannot vote on your own content.',
    ru: 'Нельзя голосовать за собственные материалы.',
  },
  CommentReportNotFound: {
    ...NOT_FOUND,
    az: 'Şərh barədə şikayət tapılmadı.',
    en: 'Comment report not found.',
    ru: 'Жалоба на комментарий не найдена.',
  },
  ReportsCountExceed: {
    ...LIMIT,
    az: 'Həddindən çox şikayət göndərmisiniz. Bir az sonra yenidən cəhd edin.',
    en: 'You have sent too many reports. Please try again later.',
    ru: 'Вы отправили слишком много жалоб. Повторите попытку позже.',
  },
  AlreadyReportedComment: {
    ...EXISTS,
    az: 'Siz artıq bu şərh barədə şikayət etmisiniz.',
    en: 'You have already reported this comment.',
    ru: 'Вы уже пожаловались на этот комментарий.',
  },
  AlreadyReportedArticle: {
    ...EXISTS,
    az: 'Siz artıq bu məqalə barədə şikayət etmisiniz.',
    en: 'You have already reported this article.',
    ru: 'Вы уже пожаловались на эту статью.',
  },
  CommentsCountExceed: {
    ...LIMIT,
    az: 'Siz şərh limitini keçmisiniz. Bir az sonra yenidən cəhd edin.',
    en: 'You have exceeded the comment limit. Please try again later.',
    ru: 'Вы превысили лимит комментариев. Повторите попытку позже.',
  },

  // Profile
  InvalidLinkUrl: {
    ...INVALID,
    az: 'Düzgün keçid daxil edin (http və ya https).',
    en: 'Enter a valid link (http or https).',
    ru: 'Введите корректную ссылку (http или https).',
  },
  InvalidFullname: {
    ...INVALID,
    az: 'Ad və soyad 2–64 simvoldan ibarət olmalıdır.',
    en: 'The full name must be 2–64 characters long.',
    ru: 'Имя и фамилия должны содержать от 2 до 64 символов.',
  },
  InvalidBio: {
    ...INVALID,
    az: '«Haqqımda» mətni yanlışdır və ya çox uzundur.',
    en: 'The bio is invalid or too long.',
    ru: 'Текст «О себе» некорректен или слишком длинный.',
  },
  InvalidCountry: {
    ...INVALID,
    az: 'Düzgün ölkə seçin.',
    en: 'Choose a valid country.',
    ru: 'Выберите корректную страну.',
  },
  InvalidGender: {
    ...INVALID,
    az: 'Cinsi düzgün seçin.',
    en: 'Choose a valid gender.',
    ru: 'Выберите корректный пол.',
  },
  InvalidHeadline: {
    ...INVALID,
    az: 'Profil başlığı yanlışdır və ya çox uzundur.',
    en: 'The headline is invalid or too long.',
    ru: 'Заголовок профиля некорректен или слишком длинный.',
  },
  CantFollowYourself: {
    ...INVALID,
    az: 'Özünüzü izləyə bilməzsiniz.',
    en: 'You cannot follow yourself.',
    ru: 'Нельзя подписаться на самого себя.',
  },
  AlreadyHasLinkProvider: {
    ...EXISTS,
    az: 'Bu xidmət üçün artıq keçid əlavə etmisiniz.',
    en: 'You have already added a link for this service.',
    ru: 'Вы уже добавили ссылку на этот сервис.',
  },
  InvalidLinkProvider: {
    ...INVALID,
    az: 'Bu keçid xidməti dəstəklənmir.',
    en: 'This link service is not supported.',
    ru: 'Этот сервис для ссылок не поддерживается.',
  },
  InvalidAvatarFormat: {
    ...INVALID,
    az: 'Profil şəkli JPG və ya PNG formatında olmalıdır.',
    en: 'The profile picture must be a JPG or PNG image.',
    ru: 'Фото профиля должно быть в формате JPG или PNG.',
  },
  InvalidAvatarSize: {
    ...INVALID,
    az: 'Profil şəklinin ölçüsü 3 MB-dan və 24 meqapikseldən çox olmamalıdır.',
    en: 'The profile picture must not exceed 3 MB or 24 megapixels.',
    ru: 'Фото профиля не должно превышать 3 МБ и 24 мегапикселя.',
  },
  InvalidCoverFormat: {
    ...INVALID,
    az: 'Örtük şəkli JPG və ya PNG formatında olmalıdır.',
    en: 'The cover image must be a JPG or PNG image.',
    ru: 'Обложка должна быть в формате JPG или PNG.',
  },
  InvalidCoverSize: {
    ...INVALID,
    az: 'Örtük şəklinin ölçüsü 3 MB-dan və 24 meqapikseldən çox olmamalıdır.',
    en: 'The cover image must not exceed 3 MB or 24 megapixels.',
    ru: 'Обложка не должна превышать 3 МБ и 24 мегапикселя.',
  },
  InvalidImageFormat: {
    ...INVALID,
    az: 'Şəkil JPG, JPEG və ya PNG formatında olmalıdır.',
    en: 'The image must be a JPG, JPEG or PNG file.',
    ru: 'Изображение должно быть в формате JPG, JPEG или PNG.',
  },
  InvalidImageSize: {
    ...INVALID,
    az: 'Şəklin ölçüsü 2 MB-dan və 24 meqapikseldən çox olmamalıdır.',
    en: 'The image must not exceed 2 MB or 24 megapixels.',
    ru: 'Изображение не должно превышать 2 МБ и 24 мегапикселя.',
  },
  ImageQuotaExceeded: {
    ...LIMIT,
    az: 'Siz 200 şəkil saxlaya bilərsiniz. Yenisini yükləmək üçün istifadə etmədiyiniz şəkilləri silin.',
    en: 'You can keep up to 200 images. Delete images you no longer use to upload new ones.',
    ru: 'Можно хранить не более 200 изображений. Удалите неиспользуемые, чтобы загрузить новые.',
  },

  // Publications
  PublicationNotFound: {
    ...NOT_FOUND,
    az: 'Nəşr tapılmadı.',
    en: 'Publication not found.',
    ru: 'Издание не найдено.',
  },
  InvalidSlug: {
    ...INVALID,
    az: 'Nəşr üçün düzgün ünvan (slug) daxil edin, maksimum 64 simvol.',
    en: 'Enter a valid publication address (slug) of up to 64 characters.',
    ru: 'Введите корректный адрес издания (slug) длиной до 64 символов.',
  },
  UserAlreadyOwnsPublication: {
    ...EXISTS,
    az: 'Sizin artıq nəşriniz var. Hər istifadəçi yalnız bir nəşr yarada bilər.',
    en: 'You already own a publication. Each user can have only one.',
    ru: 'У вас уже есть издание. У каждого пользователя может быть только одно.',
  },
  MemberNotFound: {
    ...NOT_FOUND,
    az: 'Üzv tapılmadı.',
    en: 'Member not found.',
    ru: 'Участник не найден.',
  },
  MemberAlreadyInvited: {
    ...EXISTS,
    az: 'Bu istifadəçi artıq dəvət olunub.',
    en: 'This user has already been invited.',
    ru: 'Этот пользователь уже приглашён.',
  },
  ActorNotPublicationMember: {
    ...DENIED,
    az: 'Siz bu nəşrin üzvü deyilsiniz.',
    en: 'You are not a member of this publication.',
    ru: 'Вы не являетесь участником этого издания.',
  },
  CantDeleteSelfMember: {
    ...CONFLICT,
    az: 'Özünüzü nəşrdən çıxara bilməzsiniz.',
    en: 'You cannot remove yourself from the publication.',
    ru: 'Нельзя удалить себя из издания.',
  },
  MaxMembersCountReached: {
    ...LIMIT,
    az: 'Üzvlərin maksimum sayına çatılıb.',
    en: 'The maximum number of members has been reached.',
    ru: 'Достигнуто максимальное количество участников.',
  },
  NameExists: {
    ...EXISTS,
    az: 'Bu adda nəşr artıq mövcuddur.',
    en: 'A publication with this name already exists.',
    ru: 'Издание с таким названием уже существует.',
  },
  SlugExists: {
    ...EXISTS,
    az: 'Bu nəşr ünvanı artıq tutulub.',
    en: 'This publication address is already taken.',
    ru: 'Этот адрес издания уже занят.',
  },
  AlreadySubscribed: {
    ...EXISTS,
    az: 'Siz artıq abunə olmusunuz.',
    en: 'You are already subscribed.',
    ru: 'Вы уже подписаны.',
  },
  SubscriptionNotFound: {
    ...NOT_FOUND,
    az: 'Abunəlik tapılmadı.',
    en: 'Subscription not found.',
    ru: 'Подписка не найдена.',
  },
  PlanNotFound: {
    ...NOT_FOUND,
    az: 'Plan tapılmadı.',
    en: 'Plan not found.',
    ru: 'Тариф не найден.',
  },
  AlreadyIntegrated: {
    ...EXISTS,
    az: 'Bu inteqrasiya artıq qoşulub.',
    en: 'This integration is already connected.',
    ru: 'Эта интеграция уже подключена.',
  },
  MerchantNotConnected: {
    ...CONFLICT,
    az: 'Bu nəşr hələ ödənişli abunəlik qəbul etmir.',
    en: 'This publication does not accept paid subscriptions yet.',
    ru: 'Это издание пока не принимает платные подписки.',
  },
  InvalidWebhookSignature: {
    ...INVALID,
    az: 'Webhook imzası etibarsızdır.',
    en: 'The webhook signature is invalid.',
    ru: 'Недействительная подпись вебхука.',
  },
  AlreadyHasPlan: {
    ...EXISTS,
    az: 'Nəşrin artıq belə planı var.',
    en: 'The publication already has such a plan.',
    ru: 'У издания уже есть такой тариф.',
  },
  CannotSubscribePublication: {
    ...CONFLICT,
    az: 'Bu nəşrə abunə ola bilməzsiniz.',
    en: 'You cannot subscribe to this publication.',
    ru: 'Вы не можете подписаться на это издание.',
  },
  EmptyPlanPrice: {
    ...INVALID,
    az: 'Planın qiymətini daxil edin.',
    en: 'Enter the plan price.',
    ru: 'Укажите стоимость тарифа.',
  },
  PlanPriceMoreThan: {
    ...INVALID,
    az: 'Planın qiyməti icazə verilən maksimumdan yüksəkdir.',
    en: 'The plan price is above the allowed maximum.',
    ru: 'Стоимость тарифа выше допустимого максимума.',
  },
  PlanPriceLessThan: {
    ...INVALID,
    az: 'Planın qiyməti icazə verilən minimumdan aşağıdır.',
    en: 'The plan price is below the allowed minimum.',
    ru: 'Стоимость тарифа ниже допустимого минимума.',
  },
  ActorNotPublicationOwner: {
    ...DENIED,
    az: 'Bunu yalnız nəşrin sahibi edə bilər.',
    en: 'Only the owner of the publication can do this.',
    ru: 'Это может сделать только владелец издания.',
  },
  CantUpdatePublicationName: {
    ...LIMIT,
    az: 'Nəşrin adını 14 gündə yalnız bir dəfə dəyişmək olar.',
    en: 'You can change the publication name only once every 14 days.',
    ru: 'Название издания можно менять только раз в 14 дней.',
  },
  CantUpdatePublicationSlug: {
    ...LIMIT,
    az: 'Nəşrin ünvanını (slug) 14 gündə yalnız bir dəfə dəyişmək olar.',
    en: 'You can change the publication address (slug) only once every 14 days.',
    ru: 'Адрес издания (slug) можно менять только раз в 14 дней.',
  },
  CannotCreateFreePlan: {
    ...CONFLICT,
    az: 'Pulsuz plan yaratmaq mümkün deyil.',
    en: 'A free plan cannot be created.',
    ru: 'Нельзя создать бесплатный тариф.',
  },

  // Moderation caps ("Other messages")
  PendingArticleLimitReached: {
    ...LIMIT,
    az: 'Yoxlamada olan məqalələrin limitinə çatmısınız. Onlar yoxlanılana qədər gözləyin.',
    en: 'You have reached the limit of articles awaiting review. Wait until they are reviewed.',
    ru: 'Достигнут лимит статей на проверке. Дождитесь их проверки.',
  },
  PendingTranslationLimitReached: {
    ...LIMIT,
    az: 'Yoxlamada olan tərcümələrin limitinə çatmısınız. Onlar yoxlanılana qədər gözləyin.',
    en: 'You have reached the limit of translations awaiting review. Wait until they are reviewed.',
    ru: 'Достигнут лимит переводов на проверке. Дождитесь их проверки.',
  },

  // The staff console's moderation (issue #9)
  ModerationItemNotFound: {
    ...NOT_FOUND,
    az: 'Yoxlama növbəsində belə element tapılmadı.',
    en: 'This review queue item was not found.',
    ru: 'Этот элемент очереди проверки не найден.',
  },
  AlreadyDecided: {
    ...EXISTS,
    az: 'Bu barədə artıq başqa qərar verilib.',
    en: 'A different decision has already been taken on this.',
    ru: 'По этому вопросу уже принято другое решение.',
  },
  ModerationNoteRequired: {
    ...INVALID,
    az: 'Müəllif üçün səbəbi və ya düzəliş qeydlərini yazın.',
    en: 'Write the reason or the revision notes for the author.',
    ru: 'Напишите причину или замечания для автора.',
  },
  InvalidModerationDecision: {
    ...INVALID,
    az: 'Bu element üçün belə qərar mümkün deyil.',
    en: 'This decision is not possible for this item.',
    ru: 'Такое решение невозможно для этого элемента.',
  },
  InvalidBanDuration: {
    ...INVALID,
    az: 'Bloklama müddəti 1 ilə 3650 gün arasında olmalı və ya daimi olmalıdır.',
    en: 'A ban lasts from 1 to 3650 days, or is permanent.',
    ru: 'Блокировка длится от 1 до 3650 дней или бессрочно.',
  },
  BanNotFound: {
    ...NOT_FOUND,
    az: 'Bloklama tapılmadı.',
    en: 'Ban not found.',
    ru: 'Блокировка не найдена.',
  },

  // Feedback form (SPEC.md section 5; the Azerbaijani wordings are the original's)
  FeedbackSubjectRequired: {
    ...INVALID,
    az: 'Mövzu qeyd edin',
    en: 'Enter a subject',
    ru: 'Укажите тему',
  },
  FeedbackTypeRequired: {
    ...INVALID,
    az: 'Rəyin növünü seçin',
    en: 'Choose the feedback type',
    ru: 'Выберите тип отзыва',
  },
  FeedbackDescriptionRequired: {
    ...INVALID,
    az: 'Rəyi təsvir edin',
    en: 'Describe your feedback',
    ru: 'Опишите ваш отзыв',
  },
  FeedbackDescriptionTooShort: {
    ...INVALID,
    az: 'Rəyi geniş təsvir edin. Ən azı 20 simvol.',
    en: 'Describe your feedback in more detail. At least 20 characters.',
    ru: 'Опишите отзыв подробнее. Не менее 20 символов.',
  },
  FeedbackDescriptionTooLong: {
    ...INVALID,
    az: 'Rəyi qısa təsvir edin. Maksimum 1000 simvol.',
    en: 'Describe your feedback more briefly. Maximum 1000 characters.',
    ru: 'Опишите отзыв короче. Максимум 1000 символов.',
  },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof CATALOGUE;

export const ERROR_CODES: readonly ErrorCode[] = Object.freeze(Object.keys(CATALOGUE) as ErrorCode[]);

/** The generic success message of SPEC.md section 8. */
export const SUCCESS_MESSAGE: { readonly [L in Lang]: string } = {
  az: 'Əməliyyat uğurla tamamlandı!',
  en: 'The operation completed successfully!',
  ru: 'Операция успешно выполнена!',
};
