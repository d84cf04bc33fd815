import { buildLexicon } from './types.ts';

/** A smaller English support lexicon (same scale and rules as the Portuguese one). */
export const EN_LEXICON = buildLexicon({
  // "don't" → "do not", "can't" → "can not": the tokenizer splits on apostrophes.
  prepare: (text) =>
    text
      .replace(/\b(can|won)[’']t\b/gi, (_, verb: string) =>
        verb.toLowerCase() === 'won' ? 'will not' : 'can not',
      )
      .replace(/n[’']t\b/gi, ' not'),
  abbreviations: {
    u: 'you',
    pls: 'please',
    plz: 'please',
    thx: 'thanks',
    ty: 'thank you',
    dont: 'do not',
    cant: 'can not',
    wont: 'will not',
    didnt: 'did not',
    doesnt: 'does not',
    isnt: 'is not',
    wasnt: 'was not',
    havent: 'have not',
    hasnt: 'has not',
    idk: 'i do not know',
  },
  terms: [
    [
      3,
      'excellent|amazing|awesome|perfect|outstanding|fantastic|wonderful|brilliant|superb|loved|incredible|exceptional|flawless',
    ],
    [2.5, 'love|impressed|grateful'],
    [2, 'great|happy|pleased|helpful|efficient|friendly|polite|kind|nice|professional|reliable|lovely'],
    [1.5, 'fast|quick|quickly|smooth|thanks|thank|appreciate|appreciated|glad|promptly'],
    [0.5, 'fine|okay'],
    [-1, 'problem|problems|issue|issues|again|expensive|waiting'],
    [
      -1.5,
      'late|delay|delays|delayed|error|errors|bug|bugs|crash|crashes|crashed|crashing|fail|fails|failed|failing|failure|missing|lost|slow|stuck|wrong|upset|annoying|annoyed|confusing',
    ],
    [-2, 'bad|poor|broken|damaged|defective|unhappy|nightmare|sucks|mess|overcharged|worse|refund me|hate'],
    [
      -2.5,
      'disappointed|disappointing|frustrated|frustrating|angry|furious|rude|outrageous|fraud|ripoff|scam|ridiculous|useless|unprofessional',
    ],
    [-3, 'terrible|horrible|awful|worst|disgusting|unacceptable|pathetic|disgrace|incompetent|hated|garbage'],
  ],
  expectations: [
    [2, -2.2, 'resolved|fixed|solved|sorted'],
    [0.5, -2, 'works|working'],
    [1.5, -2, 'worked'],
    [0, -2, 'work'],
    [0.3, -1.5, 'arrived|received|delivered|came'],
    [
      0,
      -1.8,
      'answered|replied|responded|response|reply|answer|answers|respond|responds|called back|help|support',
    ],
    [1.5, -1.5, 'helped'],
    [1.8, -1.8, 'good'],
    [2, -2, 'satisfied|recommend|like|liked|enjoyed'],
    [1, -1.2, 'easy'],
    [0, -1.3, 'load|loads|open|opens|log in|login|access'],
  ],
  fixed: [
    [
      -2.5,
      'waste of time|never again|no one answers|nobody answers|no one helps|charged twice|still waiting',
    ],
    [-2, 'no response|no answer|no reply|no solution|better business bureau|small claims'],
    [2.5, 'five stars|5 stars|well done|above and beyond|thank you so much|thanks a lot'],
    [1.5, 'no problem|no problems|no worries|thank you'],
  ],
  negators: [
    [3, 'not|no|never|nobody|nothing|none|neither|nor|hardly|no one'],
    [2, 'without|lack of'],
  ],
  negatorsWithPenalty: [
    [3, -0.7, 'still not|still no|still have not|still has not|still did not|still does not'],
  ],
  intensifiers: [
    [1.5, 'very|really|so|totally|completely|absolutely|extremely|incredibly|super|too'],
    [0.6, 'a bit|a little|slightly|somewhat|kind of|sort of'],
  ],
  postIntensifiers: [[1.4, 'a lot|at all|so much|all the time|every time']],
  contrasts: 'but|however|although|though|yet|nevertheless|even so',
  neutral: 'good morning|good afternoon|good evening|good night|good day|please|thank you for contacting',
});
