/**
 * Out-of-fold predictions of the learned part for our training sentences: 4 folds by a hash of the
 * text (or by file, below), each fold answered by models trained on the other three (the settings of scripts/train.ts),
 * installed as PREDICTION_OVERRIDES so analyzeMessage and analyzeTicket never let a model vote on
 * a sentence it was trained on (the escalation model is the fold's model itself). Used by scripts/tune-votes.ts and scripts/ours.ts.
 */
import { ESCALATION_CLASSES } from '../src/combine.ts';
import { INTENTS, SENTIMENTS } from '../src/enums.ts';
import { featuresOf, predictWith } from '../src/features.ts';
import { PREDICTION_OVERRIDES } from '../src/model.ts';
import { fnv1a } from './split.ts';
import {
  DEFAULT_TRAIN,
  ESCALATION_TRAIN,
  type Example,
  INTENT_TRAIN,
  type TrainOptions,
  trainModel,
} from './trainer.ts';

export const FOLDS = 4;
export const foldOf = (text: string) => fnv1a(text) % FOLDS;

/**
 * `byFile`: the folds split the data files, not the sentences (file i in fold i mod 4), so each
 * sentence is answered by models that never saw its writer's wording — what a new team's
 * messages meet. With hash folds the model has seen the same writer's near-paraphrases and looks
 * stronger than it is on unseen text.
 */
export function installOutOfFold(
  examples: readonly Example[],
  intentOptions: TrainOptions = INTENT_TRAIN,
  log = true,
  byFile = false,
): void {
  const lists = examples.map((e) => featuresOf(e.text));
  const files = [...new Set(examples.map((e) => e.file))].sort();
  const fold = examples.map((e) => (byFile ? files.indexOf(e.file) % FOLDS : foldOf(e.text)));
  for (let f = 0; f < FOLDS; f++) {
    const idx = examples.map((_, i) => i).filter((i) => fold[i] !== f);
    const train = (classes: readonly string[], key: 'sentiment' | 'intent', options: TrainOptions) =>
      trainModel(
        classes,
        idx.map((i) => lists[i] ?? []),
        idx.map((i) => examples[i]?.[key] ?? ''),
        options,
      );
    const sentiment = train(SENTIMENTS, 'sentiment', DEFAULT_TRAIN);
    const intent = train(INTENTS, 'intent', intentOptions);
    const labelled = idx.filter((i) => examples[i]?.escalate !== undefined);
    const escalation = trainModel(
      ESCALATION_CLASSES,
      labelled.map((i) => lists[i] ?? []),
      labelled.map((i) => (examples[i]?.escalate ? (examples[i]?.reason ?? 'none') : 'none')),
      ESCALATION_TRAIN,
    );
    examples.forEach((e, i) => {
      if (fold[i] !== f) return;
      PREDICTION_OVERRIDES.set(e.text, {
        sentiment: predictWith(sentiment, lists[i] ?? []),
        intent: predictWith(intent, lists[i] ?? []),
        escalation,
      });
    });
    if (log) console.log(`fold ${f + 1}/${FOLDS} trained`);
  }
}
