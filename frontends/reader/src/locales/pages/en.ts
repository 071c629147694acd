// The reader's "pages" namespace: the documents, the contact page and the guides (loaded only on those pages).
const en = {
  docs: {
    title: 'Documents',
    intro:
      'The terms of Pencraft and how we treat your data. Each document is versioned: the date shows when the version you read took effect.',
    kinds: {
      agreement: { title: 'User agreement', description: 'The terms on which you use Pencraft.' },
      privacy: { title: 'Privacy policy', description: 'What data we keep, why, for how long, and your rights.' },
      payment: {
        title: 'Payment policy',
        description: 'Subscriptions, support for authors, payouts and refunds, in AZN.',
      },
      gdpr: { title: 'GDPR notice', description: 'For visitors in the European Union: legal bases and your rights.' },
    },
    alsoTitle: 'Also useful',
    effective: 'In force since {{date}}',
    contents: 'Contents',
    loading: 'Loading the document…',
    error: 'The document could not be loaded.',
    others: 'Other documents',
    questions: 'Questions about this document?',
    contactLink: 'Contact us',
  },
  contact: {
    title: 'Contact us',
    intro: 'We read every message. Write to us, or use the feedback form for ideas, questions and bugs.',
    hoursTitle: 'Office hours',
    hours: 'Every day, {{from}}–{{to}} Baku time (UTC+4).',
    localHours: 'In your time zone ({{zone}}): {{from}}–{{to}}.',
    openNow: 'Open now: we answer within office hours today.',
    closedNow: 'Closed now: we answer when we open, at {{time}} your time.',
    emailTitle: 'E-mail',
    support: 'Questions, help with your account, payments:',
    privacy: 'Your personal data and requests under the privacy policy:',
    feedbackTitle: 'Feedback',
    feedback: 'Suggest an improvement, ask a question or report a bug with the feedback form.',
    feedbackLink: 'Open the feedback form',
    guidesTitle: 'Before you write',
    guides: 'Many answers are in the guides and documents:',
  },
  guides: {
    title: 'Guides',
    nav: 'Guides',
    names: { rules: 'Rules', rating: 'Rating', editor: 'Editor', bans: 'Bans' },
    rules: {
      intro: 'What you may publish on Pencraft and how articles, translations and comments are reviewed.',
      sections: {
        articles: {
          heading: 'Articles',
          points: [
            'A title of at most 150 characters, a category and up to 4 subcategories.',
            'The text must be neither too short nor too long (about 30,000 characters at most).',
            'Images: .jpg, .jpeg or .png, up to 2 MB each. Videos: YouTube links only.',
            'Write in Azerbaijani, English or Russian, and choose the language of the article honestly.',
          ],
        },
        review: {
          heading: 'Review',
          points: [
            'Every article is accepted, checked automatically (about 2–3 hours) and then by a moderator (about 4–48 hours).',
            'A moderator approves it, rejects it or asks you for a revision; you fix it and send it again.',
            'You may delete a pending article within 6 hours of creating it, at most 3 times in 24 hours.',
          ],
        },
        comments: {
          heading: 'Comments',
          points: [
            'Comments are reviewed before they are published. Argue with ideas, not with people.',
            'Report a comment for spam, a scam, harassment, hate speech, violence or false information.',
            'There are limits on how many comments and reports you can send: they keep discussions readable.',
          ],
        },
        conduct: {
          heading: 'Not allowed',
          points: [
            'Harassment, hate speech, threats and calls to violence.',
            'False information presented as fact, scams and spam.',
            "Other people's personal data or work without their permission.",
            'Manipulating votes, views or ratings, with several accounts or automated means.',
          ],
        },
        translations: {
          heading: 'Translations and publications',
          points: [
            "A translation is reviewed like an article and is shown under the original, with the translator's name.",
            "A publication's paid articles are for its paid subscribers only: do not copy them elsewhere.",
          ],
        },
      },
    },
    rating: {
      intro:
        'Your rating shows how the community receives your work. It moves with events: votes, comments, reads and moderation outcomes.',
      tiersTitle: 'Tiers',
      tierColumn: 'Tier',
      rangeColumn: 'Rating',
      tiers: { bad: 'Bad', guest: 'Guest', amateur: 'Amateur', pro: 'Pro', leader: 'Leader' },
      below: 'below {{n}}',
      between: '{{from}} to {{to}}',
      over: 'over {{n}}',
      unlocks: 'Downvoting articles and comments needs the Pro tier.',
      weightsTitle: 'What moves your rating',
      eventColumn: 'Event',
      pointsColumn: 'Points',
      kinds: {
        articleUpvote: 'Your article is upvoted',
        articleDownvote: 'Your article is downvoted',
        commentUpvote: 'Your comment is upvoted',
        commentDownvote: 'Your comment is downvoted',
        commentPublished: 'Your comment is published',
        articleReads: 'Every {{n}} reads of your articles',
        articleApproved: 'Your article is approved',
        articleRejected: 'Your article is rejected',
        commentRemoved: 'Your comment is removed by a moderator',
        banned: 'Your account is banned',
      },
      weightsNote: 'A withdrawn vote takes its points back; a changed vote moves the difference.',
      badgesTitle: 'Badges',
      badgesIntro: 'Badges are awarded automatically, once each, and shown on your profile.',
      badges: {
        'first-article': 'First article: your first article is published.',
        'complete-profile': 'Complete profile: picture, cover, headline, bio, birth date and at least one link.',
        'comment-upvotes': 'Liked comments: {{n}} upvotes on your comments.',
        'popular-articles': 'Popular author: {{n}} articles with at least 5 upvotes each.',
        'article-upvotes': 'Appreciated: {{n}} upvotes on your articles.',
        views: 'Widely read: {{n}} views of your articles.',
        followers: 'Followed: {{n}} followers.',
        supporter: 'Supporter: {{n}} sent as support to authors.',
        supporters: 'Supported: {{n}} supporters.',
        commenter: 'Commenter: {{n}} published comments.',
        'beta-tester': 'Beta tester: granted by the team to those who tried Pencraft early.',
        'bug-hunter': 'Bug hunter: granted by the team for reporting a real bug.',
      },
    },
    editor: {
      intro: 'The editor keeps your writing safe and helps you publish it, translate it and write it with others.',
      sections: {
        blocks: {
          heading: 'Blocks',
          points: [
            'Text, three levels of headings, quotes, bulleted and numbered lists, tables and code.',
            'Images (.jpg, .jpeg, .png, up to 2 MB) with a caption, links and YouTube videos.',
            'Press Tab on an empty line to choose a block; drag blocks to reorder them.',
          ],
        },
        drafts: {
          heading: 'Drafts and saving',
          points: [
            'The editor saves as you write and shows the state: editing, saving, saved or failed.',
            'When saving fails, your text stays in the page: try again when the connection is back.',
            'There is a limit on drafts: delete one to start another.',
          ],
        },
        preview: {
          heading: 'Preview and co-authors',
          points: [
            'Share a preview link to show a draft before it is published; refresh the link to close the old one.',
            'Invite co-authors by username; they write with you once they accept the invitation.',
          ],
        },
        publish: {
          heading: 'Publishing and translating',
          points: [
            'Submit the article for review and follow its status in the review page.',
            'Once it is published, translate it into the other two languages; each translation is reviewed too.',
            "The article's statistics show views, reads, average reading time, votes, comments and bookmarks.",
          ],
        },
      },
    },
    bans: {
      intro: 'A ban stops an account from publishing for a while when it breaks the rules. It is always explained.',
      reasonsTitle: 'Reasons',
      reasons: [
        'Violating the user agreement',
        'Violating the privacy policy',
        'Violating the rules of conduct',
        'Violating the comment rules',
        'Violating the article rules',
        'Spam',
        'Misuse of the platform',
      ],
      durationTitle: 'How long',
      duration:
        'Usually 1, 2, 5, or 30 or more days, depending on how serious and how repeated the violation is. Repeated or grave violations may lead to a permanent ban.',
      effectTitle: 'What a ban changes',
      effect: [
        'You can still read, see your settings and delete your account.',
        'You cannot publish, comment or vote until the ban ends.',
        'A ban lowers your rating (see the rating guide).',
      ],
      contestTitle: 'If you disagree',
      contest:
        'The reason and the end of the ban are shown in your settings, under bans. If you think it is a mistake, tell us through the feedback form; a moderator looks at it again.',
    },
  },
};

export type PagesMessages = typeof en;
export default en;
