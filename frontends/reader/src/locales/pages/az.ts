import type { Messages } from '@pencraft/i18n';
import type { PagesMessages } from './en.js';

const az: Messages<PagesMessages> = {
  docs: {
    title: 'Sənədlər',
    intro:
      'Pencraft-ın şərtləri və məlumatlarınızla necə davrandığımız. Hər sənədin versiyası var: tarix oxuduğunuz versiyanın nə vaxt qüvvəyə mindiyini göstərir.',
    kinds: {
      agreement: { title: 'İstifadəçi razılaşması', description: 'Pencraft-dan istifadə şərtləri.' },
      privacy: {
        title: 'Məxfilik siyasəti',
        description: 'Hansı məlumatları, nə üçün və nə qədər saxlayırıq, hüquqlarınız.',
      },
      payment: {
        title: 'Ödəniş siyasəti',
        description: 'Abunələr, müəlliflərə dəstək, ödəmələr və geri qaytarmalar, AZN ilə.',
      },
      gdpr: {
        title: 'GDPR bildirişi',
        description: 'Avropa İttifaqındakı ziyarətçilər üçün: hüquqi əsaslar və hüquqlarınız.',
      },
    },
    alsoTitle: 'Bunlar da faydalıdır',
    effective: '{{date}} tarixindən qüvvədədir',
    contents: 'Mündəricat',
    loading: 'Sənəd yüklənir…',
    error: 'Sənədi yükləmək mümkün olmadı.',
    others: 'Digər sənədlər',
    questions: 'Bu sənədlə bağlı sualınız var?',
    contactLink: 'Bizimlə əlaqə saxlayın',
  },
  contact: {
    title: 'Əlaqə',
    intro: 'Hər mesajı oxuyuruq. Bizə yazın və ya ideyalar, suallar və xətalar üçün rəy formasından istifadə edin.',
    hoursTitle: 'İş saatları',
    hours: 'Hər gün, {{from}}–{{to}} Bakı vaxtı ilə (UTC+4).',
    localHours: 'Sizin saat qurşağınızda ({{zone}}): {{from}}–{{to}}.',
    openNow: 'İndi açığıq: bu gün iş saatlarında cavab veririk.',
    closedNow: 'İndi bağlıyıq: açılanda, sizin vaxtınızla {{time}}-da cavab veririk.',
    emailTitle: 'E-poçt',
    support: 'Suallar, hesabınızla bağlı kömək, ödənişlər:',
    privacy: 'Şəxsi məlumatlarınız və məxfilik siyasəti üzrə sorğular:',
    feedbackTitle: 'Rəy',
    feedback: 'Rəy forması ilə təkmilləşdirmə təklif edin, sual verin və ya xəta barədə xəbər verin.',
    feedbackLink: 'Rəy formasını açın',
    guidesTitle: 'Yazmazdan əvvəl',
    guides: 'Bir çox cavab bələdçilərdə və sənədlərdədir:',
  },
  guides: {
    title: 'Bələdçilər',
    nav: 'Bələdçilər',
    names: { rules: 'Qaydalar', rating: 'Reytinq', editor: 'Redaktor', bans: 'Bloklamalar' },
    rules: {
      intro: 'Pencraft-da nəyi dərc edə bilərsiniz və məqalələr, tərcümələr və şərhlər necə yoxlanılır.',
      sections: {
        articles: {
          heading: 'Məqalələr',
          points: [
            'Ən çoxu 150 simvolluq başlıq, bir kateqoriya və 4-ə qədər alt kateqoriya.',
            'Mətn nə çox qısa, nə də çox uzun olmalıdır (ən çoxu təxminən 30 000 simvol).',
            'Şəkillər: .jpg, .jpeg və ya .png, hər biri 2 MB-a qədər. Videolar: yalnız YouTube keçidləri.',
            'Azərbaycan, ingilis və ya rus dilində yazın və məqalənin dilini düzgün seçin.',
          ],
        },
        review: {
          heading: 'Yoxlama',
          points: [
            'Hər məqalə qəbul edilir, avtomatik (təxminən 2–3 saat), sonra isə moderator tərəfindən (təxminən 4–48 saat) yoxlanılır.',
            'Moderator onu təsdiqləyir, rədd edir və ya düzəliş istəyir; siz düzəldib yenidən göndərirsiniz.',
            'Gözləmədə olan məqaləni yaratdıqdan sonra 6 saat ərzində, 24 saatda ən çoxu 3 dəfə silə bilərsiniz.',
          ],
        },
        comments: {
          heading: 'Şərhlər',
          points: [
            'Şərhlər dərc olunmazdan əvvəl yoxlanılır. İnsanlarla deyil, fikirlərlə mübahisə edin.',
            'Şərhdən spam, fırıldaqçılıq, təqib, nifrət nitqi, zorakılıq və ya yalan məlumat səbəbi ilə şikayət edin.',
            'Göndərə biləcəyiniz şərh və şikayətlərin sayı məhduddur: bu, müzakirələri oxunaqlı saxlayır.',
          ],
        },
        conduct: {
          heading: 'Qadağandır',
          points: [
            'Təqib, nifrət nitqi, təhdid və zorakılığa çağırış.',
            'Fakt kimi təqdim edilən yalan məlumat, fırıldaqçılıq və spam.',
            'Başqalarının şəxsi məlumatları və ya işi onların icazəsi olmadan.',
            'Bir neçə hesab və ya avtomatlaşdırılmış vasitələrlə səslər, baxışlar və ya reytinqlə manipulyasiya.',
          ],
        },
        translations: {
          heading: 'Tərcümələr və nəşrlər',
          points: [
            'Tərcümə məqalə kimi yoxlanılır və orijinalın altında, tərcüməçinin adı ilə göstərilir.',
            'Nəşrin ödənişli məqalələri yalnız onun ödənişli abunəçiləri üçündür: onları başqa yerə köçürməyin.',
          ],
        },
      },
    },
    rating: {
      intro:
        'Reytinqiniz icmanın işinizi necə qəbul etdiyini göstərir. O, hadisələrlə dəyişir: səslər, şərhlər, oxunmalar və moderasiya nəticələri.',
      tiersTitle: 'Səviyyələr',
      tierColumn: 'Səviyyə',
      rangeColumn: 'Reytinq',
      tiers: { bad: 'Pis', guest: 'Qonaq', amateur: 'Həvəskar', pro: 'Peşəkar', leader: 'Lider' },
      below: '{{n}}-dan aşağı',
      between: '{{from}}-dan {{to}}-dək',
      over: '{{n}}-dən yuxarı',
      unlocks: 'Məqalə və şərhlərə mənfi səs vermək üçün Peşəkar səviyyəsi lazımdır.',
      weightsTitle: 'Reytinqinizi nə dəyişir',
      eventColumn: 'Hadisə',
      pointsColumn: 'Xal',
      kinds: {
        articleUpvote: 'Məqaləniz müsbət səs alır',
        articleDownvote: 'Məqaləniz mənfi səs alır',
        commentUpvote: 'Şərhiniz müsbət səs alır',
        commentDownvote: 'Şərhiniz mənfi səs alır',
        commentPublished: 'Şərhiniz dərc olunur',
        articleReads: 'Məqalələrinizin hər {{n}} oxunması',
        articleApproved: 'Məqaləniz təsdiqlənir',
        articleRejected: 'Məqaləniz rədd edilir',
        commentRemoved: 'Şərhiniz moderator tərəfindən silinir',
        banned: 'Hesabınız bloklanır',
      },
      weightsNote: 'Geri götürülən səs öz xallarını geri alır; dəyişdirilən səs fərq qədər dəyişir.',
      badgesTitle: 'Nişanlar',
      badgesIntro: 'Nişanlar avtomatik, hər biri bir dəfə verilir və profilinizdə göstərilir.',
      badges: {
        'first-article': 'İlk məqalə: ilk məqaləniz dərc olunub.',
        'complete-profile': 'Tam profil: şəkil, üz qabığı, başlıq, bioqrafiya, doğum tarixi və ən azı bir keçid.',
        'comment-upvotes': 'Bəyənilən şərhlər: şərhlərinizə {{n}} müsbət səs.',
        'popular-articles': 'Populyar müəllif: hər biri ən azı 5 müsbət səs almış {{n}} məqalə.',
        'article-upvotes': 'Qiymətləndirilən: məqalələrinizə {{n}} müsbət səs.',
        views: 'Geniş oxunan: məqalələrinizə {{n}} baxış.',
        followers: 'İzlənilən: {{n}} izləyici.',
        supporter: 'Dəstəkçi: müəlliflərə dəstək olaraq {{n}} göndərilib.',
        supporters: 'Dəstəklənən: {{n}} dəstəkçi.',
        commenter: 'Şərhçi: {{n}} dərc olunmuş şərh.',
        'beta-tester': 'Beta tester: Pencraft-ı erkən sınayanlara komanda tərəfindən verilir.',
        'bug-hunter': 'Xəta ovçusu: real xəta barədə xəbər verənlərə komanda tərəfindən verilir.',
      },
    },
    editor: {
      intro:
        'Redaktor yazdıqlarınızı qoruyur, onları dərc etməyə, tərcümə etməyə və başqaları ilə birgə yazmağa kömək edir.',
      sections: {
        blocks: {
          heading: 'Bloklar',
          points: [
            'Mətn, üç səviyyəli başlıqlar, sitatlar, nişanlı və nömrəli siyahılar, cədvəllər və kod.',
            'İmzalı şəkillər (.jpg, .jpeg, .png, 2 MB-a qədər), keçidlər və YouTube videoları.',
            'Blok seçmək üçün boş sətirdə Tab düyməsini basın; sıralamaq üçün blokları sürüşdürün.',
          ],
        },
        drafts: {
          heading: 'Qaralamalar və yadda saxlama',
          points: [
            'Redaktor siz yazdıqca yadda saxlayır və vəziyyəti göstərir: redaktə, saxlanılır, saxlanıldı və ya alınmadı.',
            'Yadda saxlama alınmasa, mətniniz səhifədə qalır: bağlantı bərpa olunanda yenidən cəhd edin.',
            'Qaralamaların sayı məhduddur: yenisini başlamaq üçün birini silin.',
          ],
        },
        preview: {
          heading: 'Önbaxış və həmmüəlliflər',
          points: [
            'Qaralamanı dərc etməzdən əvvəl göstərmək üçün önbaxış keçidini paylaşın; köhnəsini bağlamaq üçün keçidi yeniləyin.',
            'Həmmüəllifləri istifadəçi adı ilə dəvət edin; dəvəti qəbul etdikdən sonra sizinlə birgə yazırlar.',
          ],
        },
        publish: {
          heading: 'Dərc və tərcümə',
          points: [
            'Məqaləni yoxlamaya göndərin və vəziyyətini yoxlama səhifəsində izləyin.',
            'Dərc olunduqdan sonra onu digər iki dilə tərcümə edin; hər tərcümə də yoxlanılır.',
            'Məqalənin statistikası baxışları, oxunmaları, orta oxu vaxtını, səsləri, şərhləri və əlfəcinləri göstərir.',
          ],
        },
      },
    },
    bans: {
      intro: 'Bloklama qaydaları pozan hesabın bir müddət dərc etməsinə mane olur. Onun səbəbi həmişə izah olunur.',
      reasonsTitle: 'Səbəblər',
      reasons: [
        'İstifadəçi razılaşmasının pozulması',
        'Məxfilik siyasətinin pozulması',
        'Davranış qaydalarının pozulması',
        'Şərh qaydalarının pozulması',
        'Məqalə qaydalarının pozulması',
        'Spam',
        'Platformadan sui-istifadə',
      ],
      durationTitle: 'Nə qədər',
      duration:
        'Pozuntunun nə qədər ciddi və təkrar olmasından asılı olaraq adətən 1, 2, 5 və ya 30 və daha çox gün. Təkrar və ya ağır pozuntular daimi bloklamaya səbəb ola bilər.',
      effectTitle: 'Bloklama nəyi dəyişir',
      effect: [
        'Yenə də oxuya, tənzimləmələrinizi görə və hesabınızı silə bilərsiniz.',
        'Bloklama bitənə qədər dərc edə, şərh yaza və səs verə bilməzsiniz.',
        'Bloklama reytinqinizi azaldır (reytinq bələdçisinə baxın).',
      ],
      contestTitle: 'Razı deyilsinizsə',
      contest:
        'Bloklamanın səbəbi və bitmə vaxtı tənzimləmələrinizdə, bloklamalar bölməsində göstərilir. Bunun səhv olduğunu düşünürsünüzsə, rəy forması ilə bizə bildirin; moderator ona yenidən baxır.',
    },
  },
};

export default az;
